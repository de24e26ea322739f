import { describe, expect, it } from 'vitest';
import {
  countryLanguages,
  DEFAULT_MARKET,
  isKnownMarket,
  LOCATION_OPTIONS,
  LocationOptionSchema,
  locationForCountryCode,
  marketForCountryCode,
} from './locations';

describe('LOCATION_OPTIONS', () => {
  it('has a plausible number of rows, each a valid option with a two-letter language code', () => {
    expect(LOCATION_OPTIONS.length).toBeGreaterThan(240);
    for (const option of LOCATION_OPTIONS) {
      expect(LocationOptionSchema.parse(option)).toEqual(option);
      expect(option.language_code).toMatch(/^[a-z]{2}$/);
      expect(option.location_name).not.toBe('');
      expect(option.language_name).not.toBe('');
    }
  });

  it('has no duplicate location and language pairs', () => {
    const pairs = LOCATION_OPTIONS.map((o) => `${o.location_name}|${o.language_code}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('is sorted by location name and gives every location at least one language', () => {
    const names = [...new Set(LOCATION_OPTIONS.map((o) => o.location_name))];
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const name of names) expect(countryLanguages(name).length).toBeGreaterThan(0);
    expect(names.length).toBeGreaterThan(240);
  });

  it('lists each country in its own language order, main language first', () => {
    const swiss = LOCATION_OPTIONS.filter((o) => o.location_name === 'Switzerland');
    expect(swiss.map((o) => o.language_code)).toEqual(countryLanguages('Switzerland'));
    expect(swiss[0]).toEqual({ location_name: 'Switzerland', language_code: 'de', language_name: 'German' });
  });

  it('uses the names DataForSEO uses', () => {
    const names = new Set(LOCATION_OPTIONS.map((o) => o.location_name));
    for (const name of [
      'United States',
      'United Kingdom',
      'Germany',
      'France',
      'Brazil',
      'Japan',
      'South Korea',
      'Switzerland',
      "Cote d'Ivoire",
      'Turkiye',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain('Antarctica');
  });

  it('names languages in English', () => {
    const name = (code: string) => LOCATION_OPTIONS.find((o) => o.language_code === code)?.language_name;
    expect(name('en')).toBe('English');
    expect(name('de')).toBe('German');
    expect(name('pt')).toBe('Portuguese');
    expect(name('so')).toBe('Somali');
  });
});

describe('countryLanguages', () => {
  it('puts English first for the United States', () => {
    expect(countryLanguages('United States')[0]).toBe('en');
  });

  it('has German for Germany and several languages for Switzerland', () => {
    expect(countryLanguages('Germany')).toContain('de');
    expect(countryLanguages('Switzerland')).toEqual(expect.arrayContaining(['de', 'fr', 'it']));
  });

  it('is empty for an unknown location and hands out a copy', () => {
    expect(countryLanguages('Atlantis')).toEqual([]);
    countryLanguages('Germany').push('xx');
    expect(countryLanguages('Germany')).not.toContain('xx');
  });
});

describe('isKnownMarket', () => {
  it('knows the default market and the pairs of the list, nothing else', () => {
    expect(isKnownMarket(DEFAULT_MARKET.location_name, DEFAULT_MARKET.language_code)).toBe(true);
    expect(isKnownMarket('Switzerland', 'fr')).toBe(true);
    expect(isKnownMarket('Germany', 'ja')).toBe(false);
    expect(isKnownMarket('Atlantis', 'en')).toBe(false);
    expect(isKnownMarket('united states', 'en')).toBe(false);
  });
});

describe('marketForCountryCode', () => {
  it('gives the location and its main language, in any case', () => {
    expect(marketForCountryCode('gb')).toEqual({ location_name: 'United Kingdom', language_code: 'en' });
    expect(marketForCountryCode('US')).toEqual(DEFAULT_MARKET);
    expect(marketForCountryCode('ch')).toEqual({ location_name: 'Switzerland', language_code: 'de' });
  });

  it('gives null for an unknown code', () => {
    expect(marketForCountryCode('xx')).toBeNull();
    expect(marketForCountryCode('')).toBeNull();
    expect(marketForCountryCode('AQ')).toBeNull();
  });
});

describe('locationForCountryCode', () => {
  it('gives the location name or null', () => {
    expect(locationForCountryCode('kr')).toBe('South Korea');
    expect(locationForCountryCode('TR')).toBe('Turkiye');
    expect(locationForCountryCode('xx')).toBeNull();
  });
});
