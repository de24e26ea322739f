import { describe, expect, it } from 'vitest';
import { sealerFromKey } from './sealed';

describe('sealed credentials', () => {
  const sealer = sealerFromKey('a-key-of-at-least-thirty-two-characters!');

  it('opens what it sealed, and the sealed bytes do not hold the text', () => {
    const sealed = sealer.seal('1//refresh-token-of-the-owner');
    expect(sealed.includes(Buffer.from('refresh-token'))).toBe(false);
    expect(sealer.open(sealed)).toBe('1//refresh-token-of-the-owner');
    // A fresh nonce each time: the same text never seals to the same bytes.
    expect(sealer.seal('same').equals(sealer.seal('same'))).toBe(false);
  });

  it('refuses a value altered, truncated or sealed under another key', () => {
    const sealed = sealer.seal('1//refresh-token');
    const altered = Buffer.from(sealed);
    const last = altered.length - 1;
    altered.writeUInt8(altered.readUInt8(last) ^ 1, last);
    expect(sealer.open(altered)).toBeNull();
    expect(sealer.open(sealed.subarray(0, 10))).toBeNull();
    expect(sealerFromKey('another-key-of-at-least-thirty-two-chars').open(sealed)).toBeNull();
  });
});
