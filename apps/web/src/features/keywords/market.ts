import { countryLanguages, DEFAULT_MARKET, LOCATION_OPTIONS, type Website } from '@sitelens/contracts';
import type { Market } from './keywords.queries';

/** The market every keyword screen starts from when nothing else is chosen. */
export const DEFAULT_KEYWORD_MARKET: Market = {
  location: DEFAULT_MARKET.location_name,
  language: DEFAULT_MARKET.language_code,
};

/** The Location select's options: every location once, in LOCATION_OPTIONS' (alphabetical) order. */
export const LOCATION_SELECT_OPTIONS = [...new Set(LOCATION_OPTIONS.map((o) => o.location_name))].map(
  (name) => ({ value: name, label: name }),
);

/** The Language select's options for a location, its main language first. */
export function languageSelectOptions(location: string): { value: string; label: string }[] {
  return LOCATION_OPTIONS.filter((o) => o.location_name === location).map((o) => ({
    value: o.language_code,
    label: o.language_name,
  }));
}

/** A location's first (main) language: what choosing that location picks (spec 5). */
export const firstLanguage = (location: string): string | undefined => countryLanguages(location)[0];

/** 'United States · English': a market as the screens name it. */
export function marketLabel({ location, language }: Market): string {
  const name = languageSelectOptions(location).find((o) => o.value === language)?.label ?? language;
  return `${location} · ${name}`;
}

/** The market a website's keywords are read in: its settings, else United States and English (spec 9). */
export function websiteMarket(website: Website): Market {
  return {
    location: website.settings.location_name || DEFAULT_KEYWORD_MARKET.location,
    language: website.settings.language_code || DEFAULT_KEYWORD_MARKET.language,
  };
}
