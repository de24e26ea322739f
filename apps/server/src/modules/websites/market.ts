import {
  countryLanguages,
  DEFAULT_MARKET,
  isKnownMarket,
  locationForCountryCode,
  type Market,
  marketForCountryCode,
} from '@sitelens/contracts';
import type { SiteDiscovery } from '@sitelens/engine';

export type { Market };

// Country-code TLDs sold as generic names (.io, .co, .ai…): they say nothing about the audience.
const GENERIC_CCTLDS = new Set([
  'io',
  'co',
  'ai',
  'me',
  'tv',
  'cc',
  'ws',
  'fm',
  'am',
  'ly',
  'gg',
  'to',
  'sh',
  'ac',
  'so',
  'vc',
  'nu',
  'tk',
  'la',
  'im',
  'gs',
  'ms',
  'mu',
  'cx',
  'sc',
  'st',
  'bz',
  'ag',
]);
// Languages whose code is not their main country's (ja is not Jamaica's): the country a site in
// that language most likely writes for when nothing else names one.
const LANGUAGE_COUNTRY: Record<string, string> = {
  ja: 'JP',
  ko: 'KR',
  zh: 'CN',
  sv: 'SE',
  da: 'DK',
  cs: 'CZ',
  el: 'GR',
  he: 'IL',
  uk: 'UA',
  vi: 'VN',
  hi: 'IN',
  ar: 'SA',
  et: 'EE',
  sl: 'SI',
  nb: 'NO',
  nn: 'NO',
  sr: 'RS',
  ga: 'IE',
  ms: 'MY',
  fa: 'IR',
  ur: 'PK',
  bn: 'BD',
  ka: 'GE',
  hy: 'AM',
  kk: 'KZ',
  sq: 'AL',
  be: 'BY',
  en: 'US',
};
// The one ccTLD that is not its country's ISO code.
const TLD_COUNTRY: Record<string, string> = { uk: 'GB' };

/** `en-GB` → { language: 'en', region: 'GB' }; a bad tag → null. */
export function parseLanguageTag(
  tag: string | null | undefined,
): { language: string; region: string | null } | null {
  const parts = (tag ?? '').trim().replaceAll('_', '-').split('-');
  const language = parts[0]?.toLowerCase() ?? '';
  if (!/^[a-z]{2}$/.test(language)) return null;
  const region =
    parts
      .slice(1)
      .find((part) => /^[a-z]{2}$/i.test(part))
      ?.toUpperCase() ?? null;
  return { language, region };
}

function countryOfTld(domain: string): string | null {
  const tld = domain.split('.').pop() ?? '';
  if (!/^[a-z]{2}$/.test(tld) || GENERIC_CCTLDS.has(tld)) return null;
  return TLD_COUNTRY[tld] ?? tld.toUpperCase();
}

/**
 * The search-engine market a site is written for, from what it says about itself: the language
 * from `<html lang>`, else Content-Language, else its one hreflang; the country from the language
 * tag's region, else the ccTLD, else the language's main country (de → Germany, ja → Japan). A
 * country whose languages do not include the site's language is dropped; nothing known gives the
 * spec's default, United States / en.
 */
export function marketOf(
  domain: string,
  site: Pick<SiteDiscovery, 'htmlLang' | 'contentLanguage' | 'hreflang'>,
): Market {
  const contentLanguage = site.contentLanguage?.split(',')[0] ?? null;
  const soleHreflang = site.hreflang.length === 1 ? site.hreflang[0] : null;
  const tag =
    parseLanguageTag(site.htmlLang) ?? parseLanguageTag(contentLanguage) ?? parseLanguageTag(soleHreflang);
  const tldCountry = countryOfTld(domain);
  if (!tag) {
    const fromTld = tldCountry ? marketForCountryCode(tldCountry) : null;
    return fromTld ?? { ...DEFAULT_MARKET };
  }
  const candidates = [
    tag.region,
    tldCountry,
    LANGUAGE_COUNTRY[tag.language] ?? tag.language.toUpperCase(),
  ].filter((c): c is string => c !== null);
  for (const country of candidates) {
    const location = locationForCountryCode(country);
    if (location && countryLanguages(location).includes(tag.language)) {
      return { location_name: location, language_code: tag.language };
    }
  }
  return isKnownMarket(DEFAULT_MARKET.location_name, tag.language)
    ? { location_name: DEFAULT_MARKET.location_name, language_code: tag.language }
    : { ...DEFAULT_MARKET };
}
