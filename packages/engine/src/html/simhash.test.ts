import { describe, expect, it } from 'vitest';
import { hammingDistance, simhashSimilarity } from './simhash';

describe('simhash distance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', '000000000000000f')).toBe(4);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(simhashSimilarity('0000000000000000', '00000000000000ff')).toBe(0.875);
  });

  it('refuses malformed hashes', () => {
    expect(hammingDistance('xyz', '0000000000000000')).toBeNull();
  });
});
