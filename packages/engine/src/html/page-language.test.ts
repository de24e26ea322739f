import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language';

describe('page language', () => {
  it('takes the primary subtag of <html lang>', () => {
    expect(pageLanguage(load('<html lang="de-AT"><body></body></html>'), 'the oak table')).toEqual({
      lang: 'de',
      declared: true,
    });
  });

  it('detects the language when lang is missing or malformed', () => {
    const text = 'Wir bauen die Tische und die Stühle von Hand in unserer Werkstatt.';
    expect(pageLanguage(load('<html><body></body></html>'), text)).toEqual({ lang: 'de', declared: false });
    expect(pageLanguage(load('<html lang="{{lang}}"><body></body></html>'), text).lang).toBe('de');
  });

  it('falls back to English when nothing is known', () => {
    expect(pageLanguage(load('<html><body></body></html>'), '12345').lang).toBe('en');
  });
});
