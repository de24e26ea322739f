import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeText } from './charset';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('decodeText', () => {
  it('reads the charset parameter', () => {
    expect(charsetFromContentType('text/html; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(charsetFromContentType('text/html')).toBeNull();
    expect(charsetFromContentType(undefined)).toBeNull();
  });

  it('follows BOM, then header, then meta, then UTF-8', () => {
    const cafeLatin1 = bytes(0x63, 0x61, 0x66, 0xe9);
    expect(decodeText(cafeLatin1, 'text/html; charset=windows-1252')).toBe('café');
    expect(decodeText(Buffer.from('<meta charset="iso-8859-1">\xe9', 'latin1'), 'text/html')).toBe(
      '<meta charset="iso-8859-1">é',
    );
    expect(decodeText(Buffer.from('\ufeffcafé'), 'text/html; charset=windows-1252')).toBe('café');
    expect(decodeText(Buffer.from('café'), undefined)).toBe('café');
  });

  it('falls back on unknown labels and ignores a UTF-16 meta declaration', () => {
    expect(decodeText(Buffer.from('café'), 'text/html; charset=nonsense')).toBe('café');
    expect(decodeText(Buffer.from('<meta charset="utf-16">café'), null)).toBe('<meta charset="utf-16">café');
  });
});
