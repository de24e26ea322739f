import { describe, expect, it } from 'vitest';
import { formatCents } from './sales';

describe('formatCents', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatCents(129_589)).toBe('$1,295.89');
    expect(formatCents(123_456_700)).toBe('$1,234,567.00');
  });

  it('keeps small amounts as they were', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(4_900)).toBe('$49.00');
    expect(formatCents(99_999)).toBe('$999.99');
  });
});
