import {
  DEFAULT_REGION,
  type DomainSetup,
  type MonitorRegion,
  normaliseDomain,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';

import { competitorUrl } from '../competitor-url';

/** A competitor input: the scheme select and what the user typed (which may carry its own scheme). */
export interface CompetitorEntry {
  scheme: string;
  domain: string;
}

/** What the wizard has gathered so far. */
export interface WizardValues {
  domain: string;
  setup: DomainSetup | null;
  location_name: string;
  language_code: string;
  competitors: CompetitorEntry[];
  keywords: string;
  primaryRegion: MonitorRegion;
  additionalRegions: MonitorRegion[];
}

export const EMPTY_VALUES: WizardValues = {
  domain: '',
  setup: null,
  location_name: 'United States',
  language_code: 'en',
  competitors: [],
  keywords: '',
  primaryRegion: DEFAULT_REGION,
  additionalRegions: [],
};

/** The domain field's check (spec 5): the normaliser's message, or 'You already monitor this domain!'. */
export function domainProblem(input: string, websites: Website[]): string | null {
  const result = normaliseDomain(input);
  if (!result.ok) return result.message;
  if (websites.some((w) => w.domain === result.domain)) return WEBSITE_MESSAGES.alreadyMonitored;
  return null;
}

/** The competitors to save: non-empty entries as URLs, duplicates and the homepage itself removed. */
export function competitorUrls(entries: CompetitorEntry[], homepage: string): string[] {
  const same = (a: string, b: string) => {
    try {
      return new URL(a).href === new URL(b).href;
    } catch {
      return a === b;
    }
  };
  const urls: string[] = [];
  for (const entry of entries) {
    if (!entry.domain.trim()) continue;
    const url = competitorUrl(entry.scheme, entry.domain);
    if (same(url, homepage) || urls.some((u) => same(u, url))) continue;
    urls.push(url);
  }
  return urls;
}

/** The simulated setup progress of the spec (9): arctangent of the elapsed time over 10 s, as a %. */
export function simulatedProgress(elapsedMs: number): number {
  return Math.min(99, Math.round((Math.atan(elapsedMs / 10_000) / (Math.PI / 2)) * 100));
}
