// Locations and languages of a tracked website's search market.
// Data source: npm package `countries-list` 3.4.1 (MIT, https://github.com/annexare/Countries):
// English country names, each country's ISO 639-1 languages (main language first) and English
// language names. Countries without a language (Antarctica) are left out.
import { countries, type ICountry, languages, type TCountryCode, type TLanguageCode } from 'countries-list';
import { z } from 'zod';

// Where the package's English name differs from DataForSEO's `location_name` (its Google locations
// list, rows of type Country), the DataForSEO name wins, so a market can go to the provider as is.
const DATAFORSEO_NAMES: Partial<Record<TCountryCode, string>> = {
  BQ: 'Caribbean Netherlands', // package: Bonaire
  BS: 'The Bahamas', // Bahamas
  CI: "Cote d'Ivoire", // Ivory Coast
  FK: 'Falkland Islands (Islas Malvinas)', // Falkland Islands
  GM: 'The Gambia', // Gambia
  MM: 'Myanmar (Burma)', // Myanmar
  SH: 'Saint Helena, Ascension and Tristan da Cunha', // Saint Helena
  TF: 'French Southern and Antarctic Lands', // French Southern Territories
  TL: 'Timor-Leste', // East Timor
  TR: 'Turkiye', // Türkiye
  UM: 'United States Minor Outlying Islands', // U.S. Minor Outlying Islands
};

// Ascension Island and Tristan da Cunha have only exceptionally reserved codes and are part of
// Saint Helena (SH), whose DataForSEO location covers them.
const SKIPPED: ReadonlySet<string> = new Set(['AC', 'TA']);

// The package's English language names that are not the usual ones (these follow Unicode CLDR).
const LANGUAGE_NAMES: Partial<Record<TLanguageCode, string>> = {
  ff: 'Fula', // package: Peul
  ht: 'Haitian Creole', // Haitian
  km: 'Khmer', // Cambodian
  lo: 'Lao', // Laotian
  pa: 'Punjabi', // Panjabi / Punjabi
  rw: 'Kinyarwanda', // Rwandi
  si: 'Sinhala', // Sinhalese
  so: 'Somali', // Somalia
  tl: 'Filipino', // Tagalog / Filipino
  to: 'Tongan', // Tonga
};

/** One location and language option: a country and one of its languages (ISO 639-1 code). */
export const LocationOptionSchema = z.object({
  location_name: z.string(),
  language_code: z.string(),
  language_name: z.string(),
});
export type LocationOption = z.infer<typeof LocationOptionSchema>;

/** A search market: a location name and one of its language codes, as websites and the data provider name them. */
export type Market = Pick<LocationOption, 'location_name' | 'language_code'>;

/** The market a new website gets unless one is chosen. */
export const DEFAULT_MARKET = {
  location_name: 'United States',
  language_code: 'en',
} as const satisfies Market;

interface Country {
  location_name: string;
  languages: readonly string[];
}

const byCode = new Map<string, Country>();
for (const [code, country] of Object.entries(countries) as [TCountryCode, ICountry][]) {
  if (SKIPPED.has(code) || country.languages.length === 0) continue;
  byCode.set(code, {
    location_name: DATAFORSEO_NAMES[code] ?? country.name,
    languages: Object.freeze([...new Set(country.languages)]),
  });
}

const sortedCountries = [...byCode.values()].sort((a, b) =>
  a.location_name.localeCompare(b.location_name, 'en'),
);
const byName = new Map(sortedCountries.map((country) => [country.location_name, country]));

/** Every location and language option, by location name, then the country's languages, main one first. */
export const LOCATION_OPTIONS: readonly LocationOption[] = Object.freeze(
  sortedCountries.flatMap((country) =>
    country.languages.map((code) =>
      Object.freeze({
        location_name: country.location_name,
        language_code: code,
        language_name: LANGUAGE_NAMES[code as TLanguageCode] ?? languages[code as TLanguageCode].name,
      }),
    ),
  ),
);

/** Whether the location and language are one of LOCATION_OPTIONS. */
export function isKnownMarket(location_name: string, language_code: string): boolean {
  return byName.get(location_name)?.languages.includes(language_code) ?? false;
}

/** The location name of an ISO 3166-1 alpha-2 country code (any case), or null when unknown. */
export function locationForCountryCode(iso2: string): string | null {
  return byCode.get(iso2.trim().toUpperCase())?.location_name ?? null;
}

/** The market of an ISO 3166-1 alpha-2 country code (any case) in its main language, or null when unknown. */
export function marketForCountryCode(iso2: string): Market | null {
  const country = byCode.get(iso2.trim().toUpperCase());
  if (!country) return null;
  return { location_name: country.location_name, language_code: country.languages[0]! };
}

/** The language codes of a location, main one first; empty for an unknown location. */
export function countryLanguages(location_name: string): string[] {
  return [...(byName.get(location_name)?.languages ?? [])];
}
