import { describe, expect, it } from 'vitest';
import { website } from '../deep-analysis/test-fixtures';
import {
  firstLanguage,
  LOCATION_SELECT_OPTIONS,
  languageSelectOptions,
  marketLabel,
  websiteMarket,
} from './market';

describe('the market options', () => {
  it('offers every location once, alphabetically, and its languages main one first', () => {
    const names = LOCATION_SELECT_OPTIONS.map((option) => option.value);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('United States');
    expect(languageSelectOptions('Switzerland')).toEqual([
      { value: 'de', label: 'German' },
      { value: 'fr', label: 'French' },
      { value: 'it', label: 'Italian' },
    ]);
    expect(languageSelectOptions('Atlantis')).toEqual([]);
  });

  it("picks a location's first language (spec 5)", () => {
    expect(firstLanguage('Switzerland')).toBe('de');
    expect(firstLanguage('Canada')).toBe('en');
    expect(firstLanguage('Atlantis')).toBeUndefined();
  });

  it("names a market, and reads a website's, United States and English by default", () => {
    expect(marketLabel({ location: 'Switzerland', language: 'it' })).toBe('Switzerland · Italian');
    const site = website();
    expect(websiteMarket(site)).toEqual({ location: 'United States', language: 'en' });
    expect(
      websiteMarket({ ...site, settings: { ...site.settings, location_name: '', language_code: '' } }),
    ).toEqual({ location: 'United States', language: 'en' });
    expect(
      websiteMarket({
        ...site,
        settings: { ...site.settings, location_name: 'Germany', language_code: 'de' },
      }),
    ).toEqual({ location: 'Germany', language: 'de' });
  });
});
