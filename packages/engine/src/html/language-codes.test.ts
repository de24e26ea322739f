import { describe, expect, it } from 'vitest';
import { hreflangProblem, ISO_639_1, ISO_3166_1 } from './language-codes';

describe('hreflang codes', () => {
  it('holds the full lists', () => {
    expect(ISO_639_1.size).toBe(184);
    expect(ISO_3166_1.size).toBe(249);
  });

  it.each(['en', 'en-GB', 'de-at', 'zh-Hant', 'zh-Hant-TW', 'x-default', 'X-Default', 'pt-BR'])(
    'accepts %s',
    (code) => {
      expect(hreflangProblem(code)).toBeNull();
    },
  );

  it.each([
    ['english', '“english” is not an ISO 639-1 language code'],
    ['xx', 'not an ISO 639-1 language code'],
    ['', 'not an ISO 639-1 language code'],
    ['iw', '(use he)'],
    ['en-UK', '“UK” is not an ISO 3166-1 country code (use GB)'],
    ['en-EU', 'not an ISO 3166-1 country code'],
    ['es-419', 'not an ISO 3166-1 country code'],
    ['en_GB', 'use a hyphen'],
    ['eng', 'not an ISO 639-1 language code'],
    ['en-GB-US', 'too many parts'],
  ])('refuses %s', (code, reason) => {
    expect(hreflangProblem(code)).toContain(reason);
  });
});
