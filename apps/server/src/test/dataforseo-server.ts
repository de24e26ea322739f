import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local server that speaks the DataForSEO v3 API as DataForSEO documents it
 * (https://docs.dataforseo.com/v3/), for integration tests, e2e and benchmarks: `POST /v3/<path>` with
 * `Authorization: Basic base64(login:password)` and a JSON array holding one task; every answer is the
 * documented envelope `{ version, status_code, status_message, time, cost, tasks_count, tasks_error,
 * tasks: [{ id, status_code, status_message, time, cost, result_count, path, data, result }] }`.
 *
 * Endpoints (entries of `routes`):
 * - backlinks/summary/live, backlinks/timeseries_summary/live, backlinks/backlinks/live,
 *   backlinks/referring_domains/live, backlinks/anchors/live;
 * - dataforseo_labs/google/ranked_keywords/live, dataforseo_labs/google/keyword_suggestions/live,
 *   dataforseo_labs/google/related_keywords/live, dataforseo_labs/google/competitors_domain/live;
 * - serp/google/organic/live/regular;
 * - keywords_data/google_ads/search_volume/live (its `result` holds one item per keyword, not `items`).
 * Each task's `data` echoes the posted task after the documented `api`/`function`/`se`/`se_type` fields.
 *
 * Errors, per https://docs.dataforseo.com/v3/appendix/errors ("always HTTP 200 except 401, 402, 404, 500"):
 * - bad or missing credentials: HTTP 401, status_code 40100, tasks null;
 * - unknown path: HTTP 404, status_code 40400, tasks null;
 * - an invalid task field (missing target/keyword, limit above 1000, an unknown location_name …):
 *   HTTP 200, task status_code 40501 "Invalid Field: '<field>'.", result null, cost 0;
 * - a body that is not a non-empty JSON array of task objects: HTTP 200, status_code 40503, tasks null;
 * - more than one task: the first is answered, each further task gets 40000 "You can set only one task
 *   at a time." (cost 0);
 * - above `rateLimit` requests in a sliding `rateWindowMs` (DataForSEO counts per minute): HTTP 200,
 *   status_code 40202, tasks null (counted in `rateLimited`);
 * - `failNext(code)`: 50000 → HTTP 500, 40200/40210 → HTTP 402, 40202 → the rate-limit answer, anything
 *   else → HTTP 200 with that status_code; always tasks null and cost 0.
 *
 * Prices (USD, `PRICES`); failed tasks cost 0:
 * - Backlinks, from the documented examples (backlinks/summary/live costs 0.02003 for its one result,
 *   backlinks/timeseries_summary/live 0.02009 for three items): 0.02 per task + 0.00003 per returned row,
 *   where a row is one list item (timeseries items, backlinks, referring domains, anchors) and the
 *   summary counts as one row.
 * - DataForSEO Labs (the four endpoints): 0.01 per task + 0.0001 per returned item (the documented
 *   ranked_keywords and domain_intersection examples cost 0.0103 for limit 3).
 * - SERP Google Organic live/regular, as billed since 2025-09-19 (dataforseo.com/update/
 *   organic-serp-api-pricing-changes-now-in-effect): 0.002 for the first page of 10 results plus
 *   0.0015 (75 %) for each further page, so the documented default depth 10 costs 0.002 and depth 100
 *   costs 0.0155; pages that are not there (an empty SERP) are not charged.
 * - Google Ads search_volume live: 0.075 per task, whatever the number of keywords (up to 1000).
 *
 * Backlink data: every target gets a deterministic backlink profile seeded from its name (60–240 live
 * backlinks, plus ~6 % lost ones, from 15–60 referring domains, 20–35 % nofollow, first seen over the last
 * three years; `profiles` forces the number of live backlinks);
 * summary, time series, referring domains, anchors and the backlink list are all computed from that one
 * list, so their totals agree. A target whose first label is `nolinks` has no backlinks (what DataForSEO
 * answers for an unknown site). `filters`/`backlinks_filters` are not implemented and answer 40501 rather
 * than being silently ignored (the same goes for the keyword endpoints' `filters` and other options
 * listed in their routes).
 *
 * Keyword data (see `KeywordWorld`):
 * - Locations are countries (`LOCATIONS`: 'United States' 2840, 'United Kingdom' 2826, 'Germany' 2276 …)
 *   given by location_name or location_code, languages by language_code ('en') or language_name
 *   ('English'). Labs ranked_keywords/keyword_suggestions and Google Ads may omit them (then
 *   location_code/language_code are null, "all locations"); the others require them.
 * - One function gives every keyword its facts per (keyword, location, language): search volume from
 *   Google's buckets between 10 and 49,500, cpc, competition (0–1, level LOW/MEDIUM/HIGH, index 0–100),
 *   top-of-page bids, 12 monthly_searches (newest first), keyword difficulty, results count, intent; the
 *   Labs endpoints and Google Ads search_volume therefore agree on a keyword. A keyword containing
 *   'zzznothing' is unknown: no suggestions or related keywords, an empty SERP, search_volume null.
 * - SERPs: a "tracked" domain D (one of `serpDomains`, or one named in `rankings`) ranks for keyword K at
 *   a position drawn from (D, K, location, language) in 1–100; about one pair in five does not rank at
 *   all, and a keyword containing D's first label ranks D 1–3 (its brand). Each day of the fixture's day
 *   counter (`setDay`) moves that position by −3…+3 (clamped to 1–100; brand positions hold still).
 *   `rankings[keyword][domain]` forces a position on every day (null: not in the top 100). Two tracked
 *   domains that want the same place are put on the nearest free one. Every other place is filled with
 *   plausible domains (topic sites built from the keyword's words and a few big sites such as
 *   en.wikipedia.org or reddit.com), never a tracked domain. `nolinks.*` domains rank for nothing.
 * - ranked_keywords: a target ranks for 20–120 keywords (its brand name and phrases built from three
 *   topic words picked from its name), per (target, location, language), at its day-0 SERP positions
 *   (Labs is a database snapshot: `setDay` does not move it) plus any `rankings` it is forced into; the
 *   metrics (pos_* buckets, etv, count, is_new/is_up/is_down) are computed from those same items.
 * - competitors_domain: the domains found on the target's ranked keywords' day-0 SERPs, with their
 *   intersections and positions; the target itself is one of the items, as DataForSEO answers.
 *
 * Run it for manual demos: `node --import tsx apps/server/src/test/dataforseo-server.ts --port 8788`.
 */
export interface FakeDataForSeo {
  /** http://127.0.0.1:PORT (the adapter appends /v3/...). */
  url: string;
  login: string;
  password: string;
  /** Every request that passed authentication, in order: path without /v3/ (e.g. 'backlinks/summary/live') and the posted task. */
  requests: { path: string; task: Record<string, unknown> }[];
  /** How many requests passed authentication (kept or not). */
  received: number;
  /** Requests refused by the rate limit (including those forced with `failNext(40202)`). */
  rateLimited: number;
  /** Total cost in USD of the answers given. */
  spent(): number;
  /** The next `times` authenticated requests answer this internal status code (50000, 40200, 40210, 40202 …). */
  failNext(statusCode: number, times?: number): void;
  /** `requests` accepted per sliding `windowMs` (default a minute); null for no limit. */
  setRateLimit(requests: number | null, windowMs?: number): void;
  /** The fixture's day counter (0 at start): SERP positions of tracked domains move with it. */
  readonly day: number;
  /** Sets the day counter (a non-negative integer); the following SERP answers are that day's. */
  setDay(day: number): void;
  close(): Promise<void>;
}

/** The fixture's own counters (`{ received, rate_limited }`), outside DataForSEO's paths. */
export const FIXTURE_STATS_PATH = '/__fixture/stats';

export interface FakeDataForSeoOptions {
  login?: string;
  password?: string;
  port?: number;
  /** Requests accepted per sliding window of `rateWindowMs`; above it the documented 40202 answer. */
  rateLimit?: number;
  /** The rate limit's window: a minute, as DataForSEO counts, unless set. */
  rateWindowMs?: number;
  /** Keep every request in `requests` (default); a long benchmark turns it off to measure its own memory. */
  keepRequests?: boolean;
  /** Added before each answer. */
  latencyMs?: number;
  /** Force a target's number of live backlinks, e.g. `{ 'example.com': { backlinks: 130 } }`. */
  profiles?: Record<string, { backlinks: number }>;
  /** Domains that appear in SERPs (serp/google/organic/live/regular) at positions drawn per keyword. */
  serpDomains?: string[];
  /**
   * Forced SERP positions, per keyword then domain: `{ 'coffee beans': { 'example.com': 3, 'b.org': null } }`
   * (null: not in the top 100). They win over the drawn positions on every day; their domains are tracked
   * on every keyword, like `serpDomains`.
   */
  rankings?: Record<string, Record<string, number | null>>;
}

const VERSION = '0.1.20240801';
const PRICES = {
  backlinks: { task: 0.02, row: 0.00003 },
  labs: { task: 0.01, item: 0.0001 },
  serpLive: { firstPage: 0.002, nextPage: 0.0015, pageSize: 10 },
  googleAdsLive: { task: 0.075 },
} as const;
const MAX_LIMIT = 1000;
const DAY = 86_400_000;

const MESSAGES: Record<number, string> = {
  20000: 'Ok.',
  40000: 'You can set only one task at a time.',
  40100:
    'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
  40200: "Payment Required. We had a problem billing your account. Please, check your account's balance.",
  40202: 'Rate-limit per minute exceeded.',
  40210: "Insufficient funds. Please, check your account's balance.",
  40400: 'Not Found.',
  40503: 'POST Data Is Invalid.',
  50000: 'Internal Error.',
};

/** HTTP status DataForSEO uses for a request-level internal code (the appendix's HTTP table; else 200). */
function httpStatusOf(code: number): number {
  if (code === 40100) return 401;
  if (code === 40200 || code === 40210) return 402;
  if (code === 40400) return 404;
  if (code === 50000) return 500;
  return 200;
}

// ---------------------------------------------------------------------------------------------------
// Deterministic data

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded PRNG. */
class Rng {
  private state: number;
  constructor(seed: string) {
    this.state = hashString(seed);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const WORDS = [
  'garden',
  'travel',
  'coffee',
  'bike',
  'design',
  'market',
  'health',
  'photo',
  'code',
  'food',
  'money',
  'craft',
  'music',
  'outdoor',
  'home',
  'pet',
  'style',
  'data',
  'green',
  'city',
  'sport',
  'book',
  'film',
  'local',
  'smart',
  'urban',
  'maker',
  'growth',
  'cloud',
  'family',
] as const;

interface DomainPattern {
  make: (word: string, other: string) => string;
  tld: string;
  countries: readonly string[];
  platform: string[];
}

const DOMAIN_PATTERNS: readonly DomainPattern[] = [
  { make: (w) => `blog-${w}.com`, tld: 'com', countries: ['US', 'CA', 'AU', 'IN'], platform: ['blogs'] },
  { make: (w) => `${w}news.co.uk`, tld: 'co.uk', countries: ['GB'], platform: ['news'] },
  { make: (w, o) => `${w}-${o}.org`, tld: 'org', countries: ['US', 'GB', 'CA'], platform: ['organization'] },
  { make: (w) => `${w}magazin.de`, tld: 'de', countries: ['DE'], platform: ['news'] },
  { make: (w) => `${w}labs.io`, tld: 'io', countries: ['US', 'NL', 'IN'], platform: ['cms'] },
  { make: (w) => `le-${w}.fr`, tld: 'fr', countries: ['FR'], platform: ['blogs'] },
  { make: (w) => `${w}forum.net`, tld: 'net', countries: ['US', 'AU'], platform: ['message-boards'] },
  { make: (w) => `${w}winkel.nl`, tld: 'nl', countries: ['NL'], platform: ['ecommerce'] },
  { make: (w) => `${w}guide.ca`, tld: 'ca', countries: ['CA'], platform: ['blogs'] },
  { make: (w) => `${w}daily.com.au`, tld: 'com.au', countries: ['AU'], platform: ['news'] },
  { make: (w) => `${w}wiki.in`, tld: 'in', countries: ['IN'], platform: ['wikis'] },
  { make: (w) => `news.${w}times.com`, tld: 'com', countries: ['US'], platform: ['news'] },
  { make: (w, o) => `${w}${o}.com`, tld: 'com', countries: ['US', 'GB', 'DE', 'FR'], platform: ['cms'] },
];

const LANGUAGE: Record<string, string> = { DE: 'de', FR: 'fr', NL: 'nl' };
const TARGET_PAGES = ['', 'about', 'blog', 'pricing', 'features', 'contact', 'blog/getting-started', 'docs'];
const TITLE_FORMS = [
  (w: string) => `10 ${w} tools we actually use`,
  (w: string) => `The complete ${w} guide`,
  (w: string) => `${cap(w)} news roundup`,
  (w: string) => `Best ${w} resources this year`,
  (w: string) => `How we fixed our ${w} workflow`,
  (w: string) => `${cap(w)} tips for beginners`,
];
const SEMANTIC = ['article', 'article', 'article', 'section', 'main', 'aside', 'footer', ''];

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function mainDomainOf(host: string): string {
  const labels = host.split('.');
  const twoLevel = /\.(co\.uk|com\.au)$/.test(host);
  return labels.slice(twoLevel ? -3 : -2).join('.');
}

/** DataForSEO's date format: 'YYYY-MM-DD HH:MM:SS +00:00'. */
function formatDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

interface Link {
  // public fields of a backlinks/backlinks/live item
  domain_from: string;
  url_from: string;
  url_from_https: boolean;
  domain_to: string;
  url_to: string;
  url_to_https: boolean;
  tld_from: string;
  is_new: boolean;
  is_lost: boolean;
  backlink_spam_score: number;
  rank: number;
  page_from_rank: number;
  domain_from_rank: number;
  domain_from_platform_type: string[];
  domain_from_is_ip: boolean;
  domain_from_ip: string;
  domain_from_country: string;
  page_from_external_links: number;
  page_from_internal_links: number;
  page_from_size: number;
  page_from_encoding: string;
  page_from_language: string;
  page_from_title: string;
  page_from_status_code: number;
  first_seen: string;
  prev_seen: string | null;
  last_seen: string;
  item_type: string;
  attributes: string[] | null;
  dofollow: boolean;
  original: boolean;
  alt: string | null;
  image_url: string | null;
  anchor: string;
  text_pre: string;
  text_post: string;
  semantic_location: string;
  links_count: number;
  group_count: number;
  is_broken: boolean;
  url_to_status_code: number;
  url_to_spam_score: number;
  url_to_redirect_target: string | null;
  ranked_keywords_info: {
    page_from_keywords_count_top_3: number;
    page_from_keywords_count_top_10: number;
    page_from_keywords_count_top_100: number;
  };
  is_indirect_link: boolean;
  indirect_link_path: null;
  // internal
  firstSeenMs: number;
  lostAtMs: number | null;
  mainDomain: string;
  subnet: string;
}

interface Profile {
  target: string;
  links: Link[];
  crawledPages: number;
  internalLinks: number;
  externalLinks: number;
  info: Record<string, unknown>;
}

/** `https://www.Example.com/page` → host 'example.com'; a bare domain stays a domain. */
function hostOf(target: string): string {
  const bare = target
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  return bare.split(/[/?#]/)[0]!.replace(/^www\./, '');
}

function buildProfile(target: string, today: number, forced?: number): Profile {
  const host = hostOf(target);
  const rng = new Rng(`dataforseo:${target.trim().toLowerCase()}`);
  const brand = cap(host.split('.')[0] ?? host);
  const isPage = /^[a-z]+:\/\//i.test(target.trim());
  const base: Profile = {
    target,
    links: [],
    crawledPages: 0,
    internalLinks: 0,
    externalLinks: 0,
    info: {
      server: null,
      cms: null,
      platform_type: null,
      ip_address: null,
      country: null,
      is_ip: false,
      target_spam_score: null,
    },
  };
  if (host.split('.')[0] === 'nolinks') return base;

  const crawledPages = rng.int(40, 900);
  base.crawledPages = crawledPages;
  base.internalLinks = crawledPages * rng.int(20, 60);
  base.externalLinks = crawledPages * rng.int(2, 10);
  base.info = {
    server: rng.pick(['nginx', 'cloudflare', 'Apache', 'Vercel']),
    cms: rng.pick(['WordPress', 'Shopify', null, 'Ghost']),
    platform_type: ['cms'],
    ip_address: `${rng.int(23, 212)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    country: 'US',
    is_ip: false,
    target_spam_score: rng.int(0, 20),
  };

  // `live` backlinks (what the endpoints count by default) plus ~6 % lost ones.
  const live = Math.max(0, Math.floor(forced ?? rng.int(60, 240)));
  if (live === 0) return base;
  const total = live + Math.round(live * 0.06);
  const lostFlags = Array.from({ length: total }, (_, i) => i >= live);
  for (let i = total - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [lostFlags[i], lostFlags[j]] = [lostFlags[j]!, lostFlags[i]!];
  }
  const domainCount = Math.min(
    total,
    forced === undefined ? rng.int(15, 60) : Math.max(15, Math.min(60, Math.round(total / 4))),
  );
  const topics = [rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS)];
  const nofollowShare = 0.2 + rng.next() * 0.15;

  // Referring domains, each with its rank, country, platform and IP (some share an IP or a subnet).
  const names = new Set<string>();
  const domains: {
    name: string;
    tld: string;
    country: string;
    platform: string[];
    rank: number;
    spam: number;
    ip: string;
    pages: string[];
  }[] = [];
  for (let i = 0; i < domainCount; i++) {
    const pattern = rng.pick(DOMAIN_PATTERNS);
    let name = pattern.make(rng.pick(WORDS), rng.pick(WORDS));
    for (let n = 2; names.has(name); n++) name = name.replace(/^([a-z-]+?)(\d*)\./, `$1${n}.`);
    names.add(name);
    const previous = domains.length > 0 ? rng.pick(domains) : undefined;
    let ip = `${rng.int(23, 212)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    if (previous && rng.chance(0.12)) ip = previous.ip;
    else if (previous && rng.chance(0.1))
      ip = `${previous.ip.split('.').slice(0, 3).join('.')}.${rng.int(1, 254)}`;
    const rank = Math.round(1000 * rng.next() ** 1.6);
    domains.push({
      name,
      tld: pattern.tld,
      country: rng.pick(pattern.countries),
      platform: pattern.platform,
      rank,
      spam: rng.int(0, 45),
      ip,
      pages: [],
    });
  }

  // Every domain gets one backlink; the rest go mostly to the first domains (a long tail).
  const perDomain = domains.map(() => 1);
  const weights = domains.map((_, i) => 1 / (i + 1) ** 0.8);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  for (let left = total - domainCount; left > 0; left--) {
    let roll = rng.next() * weightSum;
    let i = 0;
    while (i < weights.length - 1 && roll >= weights[i]!) roll -= weights[i++]!;
    perDomain[i]!++;
  }

  const anchorFor = (): string => {
    const roll = rng.next();
    if (roll < 0.25) return brand;
    if (roll < 0.4) return host;
    if (roll < 0.48) return `https://${host}/`;
    if (roll < 0.56) return 'click here';
    if (roll < 0.61) return 'here';
    if (roll < 0.66) return 'website';
    return `${rng.pick(topics)} ${rng.pick(['tools', 'guide', 'tips', 'software', 'services'])}`;
  };

  const links: Link[] = [];
  const seenPairs = new Set<string>();
  const pageTitles = new Map<string, string>();
  domains.forEach((domain, d) => {
    for (let k = 0; k < perDomain[d]!; k++) {
      const reuse = domain.pages.length > 0 && rng.chance(0.1);
      let urlFrom = '';
      let urlTo = '';
      let title = '';
      for (let attempt = 0; attempt === 0 || seenPairs.has(`${urlFrom}|${urlTo}`); attempt++) {
        urlTo = isPage ? target.trim() : `https://${host}/${rng.pick(TARGET_PAGES)}`;
        const section = rng.pick(['blog', 'news', 'posts', 'resources', 'articles']);
        title = rng.pick(TITLE_FORMS)(rng.pick(topics));
        urlFrom =
          reuse && attempt < 4
            ? rng.pick(domain.pages)
            : attempt < 20
              ? `https://${domain.name}/${section}/${slug(title)}-${rng.int(2, 999)}`
              : `https://${domain.name}/p/${links.length}`;
      }
      seenPairs.add(`${urlFrom}|${urlTo}`);
      if (!pageTitles.has(urlFrom)) {
        domain.pages.push(urlFrom);
        pageTitles.set(urlFrom, `${title} | ${cap(domain.name.split('.')[0]!.replace(/-/g, ' '))}`);
      }
      const pageTitle = pageTitles.get(urlFrom)!;

      const firstSeenMs = today - rng.int(3, 1095) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
      const lost = lostFlags[links.length]!;
      let lostAtMs: number | null = null;
      let lastSeenMs = today - rng.int(0, 14) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
      if (lost) {
        const span = Math.max(1, Math.floor((today - DAY - firstSeenMs) / DAY));
        lostAtMs = startOfUtcDay(firstSeenMs) + rng.int(1, span) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
        if (lostAtMs >= today) lostAtMs = today - DAY / 2;
        if (lostAtMs <= firstSeenMs) lostAtMs = firstSeenMs + 3600_000;
        lastSeenMs = lostAtMs;
      }
      if (lastSeenMs < firstSeenMs) lastSeenMs = firstSeenMs;
      const prevSeenMs = lastSeenMs - rng.int(5, 40) * DAY;

      const nofollow = rng.chance(nofollowShare);
      let attributes: string[] | null = null;
      if (nofollow) {
        attributes =
          domain.platform[0] === 'message-boards'
            ? ['ugc', 'nofollow']
            : rng.pick([['nofollow'], ['nofollow', 'noopener'], ['sponsored', 'nofollow']]);
      } else if (rng.chance(0.2)) {
        attributes = ['noopener'];
      }
      const broken = rng.chance(0.03);
      const pageRank = Math.min(1000, Math.round(domain.rank * (0.3 + rng.next() * 0.7)));
      const anchor = anchorFor();
      links.push({
        domain_from: domain.name,
        url_from: urlFrom,
        url_from_https: !rng.chance(0.08),
        domain_to: host,
        url_to: urlTo,
        url_to_https: urlTo.startsWith('https://'),
        tld_from: domain.tld,
        is_new: !lost && firstSeenMs >= today - 30 * DAY,
        is_lost: lost,
        backlink_spam_score: Math.min(100, domain.spam + rng.int(0, 10)),
        rank: Math.round(pageRank * (nofollow ? 0.3 : 0.8)),
        page_from_rank: pageRank,
        domain_from_rank: domain.rank,
        domain_from_platform_type: domain.platform,
        domain_from_is_ip: false,
        domain_from_ip: domain.ip,
        domain_from_country: domain.country,
        page_from_external_links: rng.int(3, 80),
        page_from_internal_links: rng.int(20, 250),
        page_from_size: rng.int(18_000, 240_000),
        page_from_encoding: 'utf-8',
        page_from_language: LANGUAGE[domain.country] ?? 'en',
        page_from_title: pageTitle,
        page_from_status_code: lost && rng.chance(0.5) ? 404 : 200,
        first_seen: formatDate(firstSeenMs),
        prev_seen: prevSeenMs > firstSeenMs ? formatDate(prevSeenMs) : null,
        last_seen: formatDate(lastSeenMs),
        item_type: 'anchor',
        attributes,
        dofollow: !nofollow,
        original: rng.chance(0.85),
        alt: null,
        image_url: null,
        anchor,
        text_pre: rng.pick(['We recommend', 'Read more at', 'According to', 'Found via', 'See also']),
        text_post: rng.pick([
          'for more details.',
          'which is worth a look.',
          '(via our readers).',
          '— thanks!',
          '',
        ]),
        semantic_location: rng.pick(SEMANTIC),
        links_count: rng.chance(0.85) ? 1 : rng.int(2, 4),
        group_count: 1,
        is_broken: broken,
        url_to_status_code: broken ? 404 : 200,
        url_to_spam_score: rng.int(0, 15),
        url_to_redirect_target: null,
        ranked_keywords_info: (() => {
          const top100 = rng.int(0, 400);
          const top10 = rng.int(0, Math.floor(top100 / 3));
          return {
            page_from_keywords_count_top_3: rng.int(0, Math.floor(top10 / 2)),
            page_from_keywords_count_top_10: top10,
            page_from_keywords_count_top_100: top100,
          };
        })(),
        is_indirect_link: false,
        indirect_link_path: null,
        firstSeenMs,
        lostAtMs,
        mainDomain: mainDomainOf(domain.name),
        subnet: domain.ip.split('.').slice(0, 3).join('.'),
      });
    }
  });
  base.links = links;
  return base;
}

function publicLink(link: Link): Record<string, unknown> {
  const { firstSeenMs: _f, lostAtMs: _l, mainDomain: _m, subnet: _s, ...item } = link;
  return { type: 'backlink', ...item };
}

function countBy(values: string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

function distinct(values: string[]): number {
  return new Set(values).size;
}

/** DataForSEO-style rank (0–1000) of a set of backlinks: grows with the ranks of distinct referring domains. */
function rankOf(links: Link[]): number {
  const byDomain = new Map<string, number>();
  for (const link of links) byDomain.set(link.domain_from, link.domain_from_rank);
  const sum = [...byDomain.values()].reduce((a, b) => a + b, 0);
  return Math.round(1000 * (1 - Math.exp(-sum / 20_000)));
}

/**
 * The referring domains and anchors endpoints: a target's links grouped by `field` (a referring
 * domain, an anchor text), each group's figures aggregated, sorted by `order_by` and paged.
 */
function linksGroupedBy(
  task: Task,
  profile: (target: string) => Profile,
  field: 'domain' | 'anchor',
  type: string,
  keyOf: (link: Link) => string,
  rank: (links: Link[]) => number,
) {
  const target = requireTarget(task);
  rejectUnsupported(task, 'filters', 'backlinks_filters');
  const rules = orderBy(task, [...AGGREGATE_SORTABLE, field], [{ field: 'backlinks', desc: true }]);
  const groups = new Map<string, Link[]>();
  for (const link of linksByStatus(profile(target), task))
    groups.set(keyOf(link), [...(groups.get(keyOf(link)) ?? []), link]);
  const items = [...groups].map(([key, links]) => {
    const { first_seen, lost_date, backlinks, ...rest } = aggregate(links);
    return { type, [field]: key, rank: rank(links), backlinks, first_seen, lost_date, ...rest };
  });
  const sorted = sortItems(items, rules, [field]);
  const pageItems = page(sorted, task);
  return {
    rows: pageItems.length,
    result: [{ target, total_count: sorted.length, items_count: pageItems.length, items: pageItems }],
  };
}

/** The metrics shared by summary, referring domains and anchors, computed from a set of backlinks. */
function aggregate(links: Link[]) {
  const nofollow = links.filter((l) => !l.dofollow);
  const broken = links.filter((l) => l.is_broken);
  const live = links.filter((l) => !l.is_lost);
  const firstSeen = links.length ? Math.min(...links.map((l) => l.firstSeenMs)) : null;
  const lostDates = links.map((l) => l.lostAtMs ?? 0);
  return {
    first_seen: firstSeen === null ? null : formatDate(firstSeen),
    lost_date: links.length > 0 && live.length === 0 ? formatDate(Math.max(...lostDates)) : null,
    backlinks: links.length,
    backlinks_spam_score: links.length
      ? Math.round(links.reduce((sum, l) => sum + l.backlink_spam_score, 0) / links.length)
      : 0,
    broken_backlinks: broken.length,
    broken_pages: distinct(broken.map((l) => l.url_to)),
    referring_domains: distinct(links.map((l) => l.domain_from)),
    referring_domains_nofollow: distinct(nofollow.map((l) => l.domain_from)),
    referring_main_domains: distinct(links.map((l) => l.mainDomain)),
    referring_main_domains_nofollow: distinct(nofollow.map((l) => l.mainDomain)),
    referring_ips: distinct(links.map((l) => l.domain_from_ip)),
    referring_subnets: distinct(links.map((l) => l.subnet)),
    referring_pages: distinct(links.map((l) => l.url_from)),
    referring_pages_nofollow: distinct(nofollow.map((l) => l.url_from)),
    referring_links_tld: countBy(links.map((l) => l.tld_from)),
    referring_links_types: countBy(links.map((l) => l.item_type)),
    referring_links_attributes: countBy(links.flatMap((l) => l.attributes ?? [])),
    referring_links_platform_types: countBy(links.flatMap((l) => l.domain_from_platform_type)),
    referring_links_semantic_locations: countBy(links.map((l) => l.semantic_location)),
    referring_links_countries: countBy(links.map((l) => l.domain_from_country)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Task validation helpers

class InvalidField extends Error {
  constructor(readonly field: string) {
    super(`Invalid Field: '${field}'.`);
  }
}

type Task = Record<string, unknown>;

function requireTarget(task: Task): string {
  const target = task.target;
  if (typeof target !== 'string' || target.trim() === '') throw new InvalidField('target');
  return target.trim();
}

function optionalInt(task: Task, field: string, fallback: number, min: number, max: number): number {
  const value = task[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new InvalidField(field);
  return value;
}

function optionalEnum<T extends string>(task: Task, field: string, allowed: readonly T[], fallback: T): T {
  const value = task[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw new InvalidField(field);
  return value as T;
}

function rejectUnsupported(task: Task, ...fields: string[]): void {
  for (const field of fields)
    if (task[field] !== undefined && task[field] !== null) throw new InvalidField(field);
  if (task.include_subdomains !== undefined && typeof task.include_subdomains !== 'boolean')
    throw new InvalidField('include_subdomains');
}

type SortRule = { field: string; desc: boolean };

/** `order_by: ['first_seen,desc', 'rank,asc']`, at most three rules, each on a sortable field. */
function orderBy(task: Task, sortable: readonly string[], fallback: SortRule[]): SortRule[] {
  const value = task.order_by;
  if (value === undefined || value === null) return fallback;
  if (!Array.isArray(value) || value.length === 0 || value.length > 3) throw new InvalidField('order_by');
  return value.map((rule) => {
    const match = typeof rule === 'string' ? /^\s*([a-z_.0-9]+)\s*,\s*(asc|desc)\s*$/i.exec(rule) : null;
    if (!match || !sortable.includes(match[1]!)) throw new InvalidField('order_by');
    return { field: match[1]!, desc: match[2]!.toLowerCase() === 'desc' };
  });
}

/** `valueAt(item, 'keyword_data.keyword_info.search_volume')`: a field, or a nested one by its dotted path. */
function valueAt(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function sortItems<T extends Record<string, unknown>>(
  items: T[],
  rules: SortRule[],
  tieBreak: string[],
): T[] {
  const compare = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return a < b ? -1 : 1;
  };
  return [...items].sort((x, y) => {
    for (const rule of rules) {
      const a = valueAt(x, rule.field);
      const b = valueAt(y, rule.field);
      if (a === null || a === undefined || b === null || b === undefined) {
        const c = compare(a, b); // nulls last whatever the direction
        if (c !== 0) return c;
        continue;
      }
      const c = compare(a, b);
      if (c !== 0) return rule.desc ? -c : c;
    }
    for (const field of tieBreak) {
      const c = compare(valueAt(x, field), valueAt(y, field));
      if (c !== 0) return c;
    }
    return 0;
  });
}

function page<T>(items: T[], task: Task): T[] {
  const limit = optionalInt(task, 'limit', 100, 1, MAX_LIMIT);
  const offset = optionalInt(task, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  return items.slice(offset, offset + limit);
}

const STATUS_TYPES = ['all', 'live', 'lost'] as const;

function linksByStatus(profile: Profile, task: Task): Link[] {
  const status = optionalEnum(task, 'backlinks_status_type', STATUS_TYPES, 'live');
  if (status === 'all') return profile.links;
  return profile.links.filter((l) => l.is_lost === (status === 'lost'));
}

function parseDay(task: Task, field: string, fallback: number, min: number, max: number): number {
  const value = task[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidField(field);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value || ms < min || ms > max)
    throw new InvalidField(field);
  return ms;
}

/** The dates of a timeseries: every day, or the last day of each week (Mon–Sun), month or year touched. */
function groupDates(from: number, to: number, range: 'day' | 'week' | 'month' | 'year'): number[] {
  const dates: number[] = [];
  if (range === 'day') {
    for (let d = from; d <= to; d += DAY) dates.push(d);
    return dates;
  }
  if (range === 'week') {
    const weekday = (new Date(from).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    for (let d = from + (6 - weekday) * DAY; d - 6 * DAY <= to; d += 7 * DAY) dates.push(d);
    return dates;
  }
  const start = new Date(from);
  const end = new Date(to);
  if (range === 'month') {
    const last = end.getUTCFullYear() * 12 + end.getUTCMonth();
    for (let k = start.getUTCFullYear() * 12 + start.getUTCMonth(); k <= last; k++)
      dates.push(Date.UTC(Math.floor(k / 12), (k % 12) + 1, 0));
    return dates;
  }
  for (let y = start.getUTCFullYear(); y <= end.getUTCFullYear(); y++) dates.push(Date.UTC(y, 11, 31));
  return dates;
}

// ---------------------------------------------------------------------------------------------------
// Keyword data: locations, per-keyword facts, SERPs, ranked keywords and competitors

interface LocationInfo {
  name: string;
  code: number;
  iso: string;
  seDomain: string;
}

/** Country locations as DataForSEO names and codes them (a subset of /v3/serp/google/locations). */
const LOCATIONS: readonly LocationInfo[] = [
  { name: 'United States', code: 2840, iso: 'US', seDomain: 'google.com' },
  { name: 'United Kingdom', code: 2826, iso: 'GB', seDomain: 'google.co.uk' },
  { name: 'Canada', code: 2124, iso: 'CA', seDomain: 'google.ca' },
  { name: 'Australia', code: 2036, iso: 'AU', seDomain: 'google.com.au' },
  { name: 'Ireland', code: 2372, iso: 'IE', seDomain: 'google.ie' },
  { name: 'New Zealand', code: 2554, iso: 'NZ', seDomain: 'google.co.nz' },
  { name: 'India', code: 2356, iso: 'IN', seDomain: 'google.co.in' },
  { name: 'Germany', code: 2276, iso: 'DE', seDomain: 'google.de' },
  { name: 'Austria', code: 2040, iso: 'AT', seDomain: 'google.at' },
  { name: 'Switzerland', code: 2756, iso: 'CH', seDomain: 'google.ch' },
  { name: 'France', code: 2250, iso: 'FR', seDomain: 'google.fr' },
  { name: 'Belgium', code: 2056, iso: 'BE', seDomain: 'google.be' },
  { name: 'Netherlands', code: 2528, iso: 'NL', seDomain: 'google.nl' },
  { name: 'Spain', code: 2724, iso: 'ES', seDomain: 'google.es' },
  { name: 'Mexico', code: 2484, iso: 'MX', seDomain: 'google.com.mx' },
  { name: 'Italy', code: 2380, iso: 'IT', seDomain: 'google.it' },
  { name: 'Portugal', code: 2620, iso: 'PT', seDomain: 'google.pt' },
  { name: 'Brazil', code: 2076, iso: 'BR', seDomain: 'google.com.br' },
  { name: 'Sweden', code: 2752, iso: 'SE', seDomain: 'google.se' },
  { name: 'Denmark', code: 2208, iso: 'DK', seDomain: 'google.dk' },
  { name: 'Norway', code: 2578, iso: 'NO', seDomain: 'google.no' },
  { name: 'Poland', code: 2616, iso: 'PL', seDomain: 'google.pl' },
  { name: 'Japan', code: 2392, iso: 'JP', seDomain: 'google.co.jp' },
];

const LANGUAGES: readonly { name: string; code: string }[] = [
  { name: 'English', code: 'en' },
  { name: 'German', code: 'de' },
  { name: 'French', code: 'fr' },
  { name: 'Dutch', code: 'nl' },
  { name: 'Spanish', code: 'es' },
  { name: 'Italian', code: 'it' },
  { name: 'Portuguese', code: 'pt' },
  { name: 'Swedish', code: 'sv' },
  { name: 'Danish', code: 'da' },
  { name: 'Norwegian (Bokmål)', code: 'nb' },
  { name: 'Polish', code: 'pl' },
  { name: 'Japanese', code: 'ja' },
  { name: 'Hindi', code: 'hi' },
];

interface Locale {
  location_code: number | null;
  language_code: string | null;
  iso: string | null;
  seDomain: string;
  /** Seeds every per-location draw. */
  key: string;
}

/**
 * The task's location (location_name or location_code) and language (language_code or language_name);
 * an unknown one answers 40501 for the field given, a missing one when `required` 40501 for its _name.
 */
function resolveLocale(task: Task, required: boolean): Locale {
  let location: LocationInfo | undefined;
  if (task.location_name !== undefined && task.location_name !== null) {
    const name = typeof task.location_name === 'string' ? task.location_name.trim().toLowerCase() : '';
    location = LOCATIONS.find((l) => l.name.toLowerCase() === name);
    if (!location) throw new InvalidField('location_name');
  } else if (task.location_code !== undefined && task.location_code !== null) {
    location = LOCATIONS.find((l) => l.code === task.location_code);
    if (!location) throw new InvalidField('location_code');
  } else if (required) {
    throw new InvalidField('location_name');
  }
  let language: string | undefined;
  if (task.language_code !== undefined && task.language_code !== null) {
    const code = typeof task.language_code === 'string' ? task.language_code.trim().toLowerCase() : '';
    language = LANGUAGES.find((l) => l.code === code)?.code;
    if (!language) throw new InvalidField('language_code');
  } else if (task.language_name !== undefined && task.language_name !== null) {
    const name = typeof task.language_name === 'string' ? task.language_name.trim().toLowerCase() : '';
    language = LANGUAGES.find((l) => l.name.toLowerCase() === name)?.code;
    if (!language) throw new InvalidField('language_name');
  } else if (required) {
    throw new InvalidField('language_name');
  }
  return {
    location_code: location?.code ?? null,
    language_code: language ?? null,
    iso: location?.iso ?? null,
    seDomain: location?.seDomain ?? 'google.com',
    key: `${location?.code ?? 'all'}:${language ?? 'all'}`,
  };
}

/** Lower case, single spaces: how DataForSEO Labs and Google Ads store a keyword. */
function normalizeKeyword(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

function requireKeyword(task: Task, minLength = 1, maxLength = 700): string {
  const value = task.keyword;
  if (typeof value !== 'string') throw new InvalidField('keyword');
  const keyword = normalizeKeyword(value);
  if (keyword.length < minLength || keyword.length > maxLength) throw new InvalidField('keyword');
  return keyword;
}

function optionalBool(task: Task, field: string, fallback = false): boolean {
  const value = task[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new InvalidField(field);
  return value;
}

/** Labs `item_types`: only organic results exist here, but every documented type is accepted. */
function checkItemTypes(task: Task): void {
  const value = task.item_types;
  if (value === undefined || value === null) return;
  const allowed = ['organic', 'paid', 'featured_snippet', 'local_pack'];
  if (!Array.isArray(value) || value.length === 0 || value.some((t) => !allowed.includes(t as string)))
    throw new InvalidField('item_types');
}

/** A keyword no database knows: the Labs endpoints find nothing for it, Google Ads has no volume. */
function isUnknownKeyword(keyword: string): boolean {
  return keyword.includes('zzznothing');
}

/** Google Ads reports search volumes in these steps. */
const VOLUME_BUCKETS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900,
  2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500,
] as const;

function volumeBucket(value: number): number {
  let best: number = VOLUME_BUCKETS[0];
  for (const bucket of VOLUME_BUCKETS)
    if (
      Math.abs(Math.log(bucket) - Math.log(Math.max(1, value))) < Math.abs(Math.log(best) - Math.log(value))
    )
      best = bucket;
  return best;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

interface KeywordFacts {
  keyword: string;
  search_volume: number | null;
  competition: number | null;
  competition_level: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  competition_index: number | null;
  cpc: number | null;
  low_top_of_page_bid: number | null;
  high_top_of_page_bid: number | null;
  monthly_searches: { year: number; month: number; search_volume: number }[] | null;
  keyword_difficulty: number | null;
  se_results_count: number;
  main_intent: string;
  updatedMs: number;
}

/** The one function behind every keyword metric, per (keyword, location, language). */
function keywordFacts(keyword: string, locale: Locale, today: number): KeywordFacts {
  const rng = new Rng(`keyword:${keyword}:${locale.key}`);
  const updatedMs = today - rng.int(1, 20) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
  const intent = /\b(buy|price|prices|pricing|cheap|deal|coupon|order|shop|store)\b/.test(keyword)
    ? 'transactional'
    : /\b(best|top|review|reviews|vs|compare|affordable)\b/.test(keyword)
      ? 'commercial'
      : /\b(login|app)\b/.test(keyword)
        ? 'navigational'
        : 'informational';
  if (isUnknownKeyword(keyword))
    return {
      keyword,
      search_volume: null,
      competition: null,
      competition_level: null,
      competition_index: null,
      cpc: null,
      low_top_of_page_bid: null,
      high_top_of_page_bid: null,
      monthly_searches: null,
      keyword_difficulty: null,
      se_results_count: 0,
      main_intent: intent,
      updatedMs,
    };
  const words = keyword.split(' ').length;
  // Longer phrases are searched less: skew the bucket index towards the small volumes.
  const skew = 1.3 + 0.45 * (words - 1);
  const index = Math.min(VOLUME_BUCKETS.length - 1, Math.floor(rng.next() ** skew * VOLUME_BUCKETS.length));
  const volume = VOLUME_BUCKETS[index]!;
  const competition = round2(rng.next());
  const cpc = round2(0.05 + competition * (0.4 + rng.next() * 9));
  const phase = rng.int(0, 11);
  const amplitude = rng.next() * 0.35;
  const latest = new Date(today);
  const monthly = Array.from({ length: 12 }, (_, back) => {
    const date = new Date(Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() - 1 - back, 1));
    const month = date.getUTCMonth() + 1;
    const factor = 1 + amplitude * Math.sin((2 * Math.PI * (month + phase)) / 12) + (rng.next() - 0.5) * 0.1;
    return { year: date.getUTCFullYear(), month, search_volume: volumeBucket(volume * factor) };
  });
  return {
    keyword,
    search_volume: volume,
    competition,
    competition_level: competition < 0.34 ? 'LOW' : competition < 0.67 ? 'MEDIUM' : 'HIGH',
    competition_index: Math.round(competition * 100),
    cpc,
    low_top_of_page_bid: round2(cpc * (0.3 + rng.next() * 0.2)),
    high_top_of_page_bid: round2(cpc * (1.6 + rng.next())),
    monthly_searches: monthly,
    keyword_difficulty: clamp(
      Math.round((Math.log10(volume) / Math.log10(49_500)) * 60 + competition * 20 + rng.next() * 20),
      0,
      100,
    ),
    se_results_count: Math.round(volume * (2_000 + rng.next() * 60_000)),
    main_intent: intent,
    updatedMs,
  };
}

/** Share of a keyword's searches that click the result at an organic position. */
function clickThroughRate(position: number): number {
  const top = [0, 0.276, 0.158, 0.11, 0.08, 0.072, 0.051, 0.04, 0.032, 0.028, 0.025];
  if (position <= 10) return top[position] ?? 0;
  if (position <= 20) return 0.012;
  if (position <= 30) return 0.006;
  return 0.002;
}

/** A domain's brand phrase (its first label, dashes as spaces), when long enough to be a query. */
function brandOf(host: string): string | null {
  const label = (host.split('.')[0] ?? '').replace(/-/g, ' ');
  return label.length >= 3 ? label : null;
}

function isBrandQuery(host: string, keyword: string): boolean {
  const brand = brandOf(host);
  return brand !== null && ` ${keyword} `.includes(` ${brand} `);
}

const PREFIXES = ['best', 'cheap', 'top', 'free', 'easy', 'local', 'online', 'affordable', 'modern', 'small'];
const SUFFIXES = [
  'ideas',
  'tips',
  'guide',
  'near me',
  'for beginners',
  'tools',
  'services',
  'reviews',
  'prices',
  'app',
  'course',
  'blog',
  'shop',
  'software',
  'jobs',
  'events',
  'classes',
  'kit',
];
/** Words of the modifiers above: not what a keyword is about. */
const MODIFIER_WORDS = new Set([
  ...PREFIXES,
  ...SUFFIXES.flatMap((x) => x.split(' ')),
  ...['how', 'what', 'the', 'does', 'worth', 'choose', 'much', 'cost', 'login', 'pricing'],
]);
const QUESTIONS = [
  (k: string) => `how to choose a ${k}`,
  (k: string) => `what is the best ${k}`,
  (k: string) => `is ${k} worth it`,
  (k: string) => `how much does ${k} cost`,
  (k: string) => `${k} vs`,
];
/** Sites that turn up in any SERP; the Labs `exclude_top_domains` list drops some of them. */
const BIG_SITES = [
  'en.wikipedia.org',
  'reddit.com',
  'youtube.com',
  'amazon.com',
  'pinterest.com',
  'quora.com',
  'medium.com',
  'facebook.com',
  'linkedin.com',
  'forbes.com',
  'nytimes.com',
  'etsy.com',
  'yelp.com',
  'tripadvisor.com',
  'instagram.com',
  'ebay.com',
];
/** As documented for competitors_domain `exclude_top_domains`. */
const TOP_DOMAINS = [
  'wikipedia.org',
  'pinterest.com',
  'amazon.com',
  'google.com',
  'facebook.com',
  'wordpress.com',
  'medium.com',
  'quora.com',
  'reddit.com',
  'youtube.com',
  'ebay.com',
  'uol.com.br',
  'instagram.com',
  'olx.com',
  'twitter.com',
  'linkedin.com',
  'slideshare.net',
];
const PAGE_SECTIONS = ['blog', 'guides', 'articles', 'resources', 'learn', ''];

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The WORDS a keyword is "about": its own topic words, others mapped onto one deterministically. */
function topicWordsOf(keyword: string): string[] {
  return keyword
    .split(' ')
    .filter((w) => w.length > 2)
    .map((w) => ((WORDS as readonly string[]).includes(w) ? w : WORDS[hashString(w) % WORDS.length]!));
}

function siteName(domain: string): string {
  return cap((domain.split('.')[0] ?? domain).replace(/-/g, ' '));
}

/** The page a domain ranks with for a keyword, and how its snippet reads. */
function snippetOf(domain: string, keyword: string) {
  const h = hashString(`page:${domain}:${keyword}`);
  const section = isBrandQuery(domain, keyword) ? null : PAGE_SECTIONS[h % PAGE_SECTIONS.length]!;
  const path = section === null ? '' : `${section ? `${section}/` : ''}${slug(keyword)}`;
  const name = siteName(domain);
  const titles = [
    `${cap(keyword)} – ${name}`,
    `The complete ${keyword} guide | ${name}`,
    `${cap(keyword)}: everything you need to know`,
    `12 ${keyword} ideas worth trying - ${name}`,
    `${cap(keyword)} explained (${new Date().getUTCFullYear()}) | ${name}`,
  ];
  return {
    url: `https://${domain}/${path}`,
    relative_url: `/${path}`,
    title: section === null ? `${name} – Official Site` : titles[(h >>> 4) % titles.length]!,
    description: `${cap(keyword)} from ${name}: what it is, what it costs and the options we recommend, with examples and answers to common questions.`,
    breadcrumb: [`https://${domain}`, ...path.split('/').filter(Boolean)].join(' › '),
    website_name: name,
  };
}

interface RankedEntry {
  keyword: string;
  position: number;
  /** The previous position (null: the keyword is new for the domain). */
  previous: number | null;
}

interface MetricsEntry {
  position: number;
  etv: number;
  impressionsEtv: number;
  paidTrafficCost: number;
  previous: number | null;
}

function emptyMetrics(): Record<string, number> {
  return organicMetrics([]);
}

/** Labs `metrics.organic`: ranking distribution and traffic of a set of ranked elements. */
function organicMetrics(entries: MetricsEntry[]): Record<string, number> {
  const band = (from: number, to: number) =>
    entries.filter((e) => e.position >= from && e.position <= to).length;
  const bands: Record<string, number> = { pos_1: band(1, 1), pos_2_3: band(2, 3), pos_4_10: band(4, 10) };
  for (let from = 11; from <= 91; from += 10) bands[`pos_${from}_${from + 9}`] = band(from, from + 9);
  return {
    ...bands,
    etv: round2(entries.reduce((sum, e) => sum + e.etv, 0)),
    impressions_etv: round2(entries.reduce((sum, e) => sum + e.impressionsEtv, 0)),
    count: entries.length,
    estimated_paid_traffic_cost: round2(entries.reduce((sum, e) => sum + e.paidTrafficCost, 0)),
    is_new: entries.filter((e) => e.previous === null).length,
    is_up: entries.filter((e) => e.previous !== null && e.previous > e.position).length,
    is_down: entries.filter((e) => e.previous !== null && e.previous < e.position).length,
    is_lost: 0,
  };
}

/**
 * The keyword side of the fake: per-keyword facts, SERPs with the tracked domains placed in them (and
 * moving with `day`), ranked keywords and competitors. Everything is a pure function of the options,
 * the day counter and the request, cached.
 */
class KeywordWorld {
  day = 0;
  private readonly tracked: string[];
  private readonly forced = new Map<string, Map<string, number | null>>();
  private readonly factsCache = new Map<string, KeywordFacts>();
  private readonly rankedCache = new Map<string, RankedEntry[]>();
  private readonly serpCache = new Map<string, string[]>();

  constructor(
    readonly today: number,
    serpDomains: string[],
    rankings: Record<string, Record<string, number | null>>,
  ) {
    const tracked = new Set(serpDomains.map(hostOf));
    for (const [keyword, domains] of Object.entries(rankings)) {
      const byDomain = new Map<string, number | null>();
      for (const [domain, position] of Object.entries(domains)) {
        if (position !== null && (!Number.isInteger(position) || position < 1 || position > 100))
          throw new RangeError(`rankings['${keyword}']['${domain}'] must be 1–100 or null`);
        byDomain.set(hostOf(domain), position);
        tracked.add(hostOf(domain));
      }
      this.forced.set(normalizeKeyword(keyword), byDomain);
    }
    this.tracked = [...tracked].sort();
  }

  facts(keyword: string, locale: Locale): KeywordFacts {
    const key = `${keyword}|${locale.key}`;
    let facts = this.factsCache.get(key);
    if (!facts) {
      facts = keywordFacts(keyword, locale, this.today);
      this.factsCache.set(key, facts);
    }
    return facts;
  }

  /** The domain's day-`day` position for the keyword in 1–100, or null when it is not in the top 100. */
  position(domain: string, keyword: string, locale: Locale, day: number): number | null {
    const forced = this.forced.get(keyword)?.get(domain);
    if (forced !== undefined) return forced;
    if (domain.split('.')[0] === 'nolinks' || isUnknownKeyword(keyword)) return null;
    const rng = new Rng(`rank:${domain}:${keyword}:${locale.key}`);
    if (isBrandQuery(domain, keyword)) return rng.int(1, 3);
    if (rng.chance(0.2)) return null;
    let position = rng.int(1, 100);
    for (let d = 1; d <= day; d++)
      position = clamp(
        position + (hashString(`drift:${domain}:${keyword}:${locale.key}:${d}`) % 7) - 3,
        1,
        100,
      );
    return position;
  }

  /** The domains at ranks 1…depth of the keyword's organic SERP on that day. */
  serp(keyword: string, locale: Locale, day: number, depth: number): string[] {
    const key = `${keyword}|${locale.key}|${day}|${depth}`;
    const cached = this.serpCache.get(key);
    if (cached) return cached;
    if (this.serpCache.size > 20_000) this.serpCache.clear();
    const domains: string[] = [];
    if (!isUnknownKeyword(keyword)) {
      const placed = new Map<number, string>();
      const wanted = this.tracked
        .map((domain) => ({ domain, position: this.position(domain, keyword, locale, day) }))
        .filter((w): w is { domain: string; position: number } => w.position !== null)
        .sort((a, b) => a.position - b.position || (a.domain < b.domain ? -1 : 1));
      for (const { domain, position } of wanted) {
        for (let step = 0; step < 100; step++) {
          const slot = [position + step, position - step].find((p) => p >= 1 && p <= 100 && !placed.has(p));
          if (slot !== undefined) {
            placed.set(slot, domain);
            break;
          }
        }
      }
      const fillers = this.fillers(keyword, locale, depth);
      let next = 0;
      for (let rank = 1; rank <= depth; rank++) domains.push(placed.get(rank) ?? fillers[next++]!);
    }
    this.serpCache.set(key, domains);
    return domains;
  }

  /** Untracked domains for the free places of a keyword's SERP, unique, in rank order. */
  private fillers(keyword: string, locale: Locale, count: number): string[] {
    const rng = new Rng(`fill:${keyword}:${locale.key}`);
    const topics = topicWordsOf(keyword);
    if (topics.length === 0) topics.push(rng.pick(WORDS));
    const exclude = new Set(this.tracked);
    const used = new Set<string>();
    const domains: string[] = [];
    for (let attempt = 0; domains.length < count; attempt++) {
      let name: string;
      if (attempt > count * 40) name = `${slug(keyword) || 'site'}-${domains.length + 1}.com`;
      else if (rng.chance(0.06)) name = rng.pick(BIG_SITES);
      else {
        const word = rng.chance(0.75) ? rng.pick(topics) : rng.pick(WORDS);
        name = rng.pick(DOMAIN_PATTERNS).make(word, rng.pick(WORDS));
      }
      if (used.has(name) || exclude.has(name)) continue;
      used.add(name);
      domains.push(name);
    }
    return domains;
  }

  /** The keywords a domain ranks for (Labs: day-0 positions), brand first, then topic phrases. */
  ranked(host: string, locale: Locale): RankedEntry[] {
    const key = `${host}|${locale.key}`;
    const cached = this.rankedCache.get(key);
    if (cached) return cached;
    const rng = new Rng(`ranked:${host}:${locale.key}`);
    const wanted = rng.int(20, 120);
    const chosen = new Map<string, number>();
    for (const keyword of this.candidates(host)) {
      if (chosen.size >= wanted) break;
      const position = this.position(host, keyword, locale, 0);
      if (position !== null) chosen.set(keyword, position);
    }
    for (const [keyword, domains] of this.forced) {
      const position = domains.get(host);
      if (position !== undefined && position !== null) chosen.set(keyword, position);
    }
    const entries = [...chosen].map(([keyword, position]) => {
      const change = new Rng(`previous:${host}:${keyword}:${locale.key}`);
      const previous = change.chance(0.12)
        ? null
        : clamp(position + (change.chance(0.35) ? 0 : change.int(-8, 8)), 1, 100);
      return { keyword, position, previous };
    });
    this.rankedCache.set(key, entries);
    return entries;
  }

  /** Keyword candidates for a domain: its brand queries, then topic phrases in a per-domain order. */
  private candidates(host: string): string[] {
    const rng = new Rng(`topics:${host}`);
    const topics = shuffle([...WORDS], rng).slice(0, 3);
    const brand = brandOf(host);
    const brandQueries = brand
      ? [
          brand,
          `${brand} login`,
          `${brand} reviews`,
          `${brand} pricing`,
          ...topics.map((t) => `${brand} ${t}`),
        ]
      : [];
    const phrases = new Set<string>();
    for (const topic of topics) {
      for (const prefix of PREFIXES) phrases.add(`${prefix} ${topic}`);
      for (const suffix of SUFFIXES) phrases.add(`${topic} ${suffix}`);
      for (const other of topics) if (other !== topic) phrases.add(`${topic} ${other}`);
      for (let i = 0; i < 40; i++) phrases.add(`${rng.pick(PREFIXES)} ${topic} ${rng.pick(SUFFIXES)}`);
    }
    return [...brandQueries, ...shuffle([...phrases], rng)];
  }

  /** Keyword suggestions: phrases that contain the seed, per (seed, location, language). */
  suggestions(seed: string, locale: Locale): string[] {
    if (isUnknownKeyword(seed)) return [];
    const rng = new Rng(`suggest:${seed}:${locale.key}`);
    const phrases = new Set<string>();
    for (const prefix of PREFIXES) phrases.add(`${prefix} ${seed}`);
    for (const suffix of SUFFIXES) phrases.add(`${seed} ${suffix}`);
    for (const prefix of PREFIXES) for (const suffix of SUFFIXES) phrases.add(`${prefix} ${seed} ${suffix}`);
    for (const question of QUESTIONS) phrases.add(question(seed));
    for (const word of WORDS) {
      phrases.add(`${seed} for ${word}`);
      phrases.add(`${word} ${seed}`);
    }
    phrases.delete(seed);
    return shuffle([...phrases], rng).slice(0, rng.int(30, 300));
  }

  /** The eight searches related to a keyword (Google's "searches related to"), not all containing it. */
  related(keyword: string): string[] {
    const rng = new Rng(`related:${keyword}`);
    const core = keyword.split(' ').filter((w) => w.length > 2 && !MODIFIER_WORDS.has(w));
    const head = core[core.length - 1] ?? rng.pick(WORDS);
    const own = core.filter((w) => (WORDS as readonly string[]).includes(w));
    const topic = rng.pick(own.length > 0 ? own : topicWordsOf(core.join(' ') || head));
    const suffix = () => rng.pick(SUFFIXES.filter((x) => !` ${keyword} `.includes(` ${x} `)));
    const prefix = () => rng.pick(PREFIXES.filter((x) => !` ${keyword} `.includes(` ${x} `)));
    const pool = new Set<string>([
      `${keyword} ${suffix()}`,
      `${prefix()} ${keyword}`,
      `${head} ${suffix()}`,
      `${prefix()} ${head}`,
      `${topic} ${rng.pick(WORDS)}`,
      `${rng.pick(WORDS)} ${head}`,
      `${topic} ${suffix()}`,
      `${prefix()} ${topic} ${suffix()}`,
    ]);
    while (pool.size < 9) pool.add(`${rng.pick(PREFIXES)} ${rng.pick(WORDS)} ${rng.pick(SUFFIXES)}`);
    pool.delete(keyword);
    return [...pool].slice(0, 8);
  }
}

// Labs answer pieces -----------------------------------------------------------------------------------

function keywordInfo(facts: KeywordFacts): Record<string, unknown> {
  const monthly = facts.monthly_searches;
  const trend = (back: number) => {
    const now = monthly?.[0]?.search_volume;
    const then = monthly?.[back]?.search_volume;
    return now === undefined || then === undefined ? null : Math.round(((now - then) / then) * 100);
  };
  return {
    se_type: 'google',
    last_updated_time: formatDate(facts.updatedMs),
    competition: facts.competition,
    competition_level: facts.competition_level,
    cpc: facts.cpc,
    search_volume: facts.search_volume,
    low_top_of_page_bid: facts.low_top_of_page_bid,
    high_top_of_page_bid: facts.high_top_of_page_bid,
    categories: null,
    monthly_searches: monthly,
    search_volume_trend: { monthly: trend(1), quarterly: trend(3), yearly: trend(11) },
  };
}

function checkUrlOf(keyword: string, locale: Locale): string {
  const query = encodeURIComponent(keyword).replace(/%20/g, '+');
  return `https://www.${locale.seDomain}/search?q=${query}&hl=${locale.language_code ?? 'en'}&gl=${locale.iso ?? 'US'}&gws_rd=cr&ie=UTF-8&oe=UTF-8`;
}

function serpInfo(facts: KeywordFacts, locale: Locale): Record<string, unknown> {
  return {
    se_type: 'google',
    check_url: checkUrlOf(facts.keyword, locale),
    serp_item_types: ['organic'],
    se_results_count: facts.se_results_count,
    last_updated_time: formatDate(facts.updatedMs),
    previous_updated_time: formatDate(facts.updatedMs - 30 * DAY),
  };
}

/** A Labs `keyword_data` object (KeywordDataInfo); serp_info only when asked for (include_serp_info). */
function labsKeywordData(
  world: KeywordWorld,
  keyword: string,
  locale: Locale,
  withSerpInfo: boolean,
): Record<string, unknown> {
  const facts = world.facts(keyword, locale);
  return {
    se_type: 'google',
    keyword,
    location_code: locale.location_code,
    language_code: locale.language_code,
    keyword_info: keywordInfo(facts),
    keyword_info_normalized_with_bing: null,
    keyword_info_normalized_with_clickstream: null,
    clickstream_keyword_info: null,
    keyword_properties: {
      se_type: 'google',
      core_keyword: null,
      synonym_clustering_algorithm: 'text_processing',
      keyword_difficulty: facts.keyword_difficulty,
      detected_language: locale.language_code ?? 'en',
      is_another_language: false,
    },
    serp_info: withSerpInfo ? serpInfo(facts, locale) : null,
    avg_backlinks_info: null,
    search_intent_info: {
      se_type: 'google',
      main_intent: facts.main_intent,
      foreign_intent: null,
      last_updated_time: formatDate(facts.updatedMs),
    },
  };
}

function metricsEntry(
  world: KeywordWorld,
  keyword: string,
  locale: Locale,
  position: number,
  previous: number | null,
): MetricsEntry {
  const facts = world.facts(keyword, locale);
  const etv = round2((facts.search_volume ?? 0) * clickThroughRate(position));
  return {
    position,
    etv,
    impressionsEtv: round2(etv * 1.15),
    paidTrafficCost: round2(etv * (facts.cpc ?? 0)),
    previous,
  };
}

const labsData = (fn: string) => ({ api: 'dataforseo_labs', function: fn, se_type: 'google' });

/** Rejects the Labs options this fake does not implement (rather than ignoring them). */
function rejectUnsupportedLabs(task: Task, ...fields: string[]): void {
  rejectUnsupported(task, 'filters', 'offset_token', ...fields);
  if (optionalBool(task, 'include_clickstream_data')) throw new InvalidField('include_clickstream_data');
  optionalBool(task, 'ignore_synonyms');
}

const RANKED_SORTABLE = [
  'ranked_serp_element.serp_item.rank_group',
  'ranked_serp_element.serp_item.rank_absolute',
  'ranked_serp_element.serp_item.etv',
  'ranked_serp_element.serp_item.impressions_etv',
  'ranked_serp_element.serp_item.estimated_paid_traffic_cost',
  'keyword_data.keyword',
  'keyword_data.keyword_info.search_volume',
  'keyword_data.keyword_info.cpc',
  'keyword_data.keyword_info.competition',
  'keyword_data.keyword_properties.keyword_difficulty',
];
const KEYWORD_SORTABLE = [
  'keyword',
  'keyword_info.search_volume',
  'keyword_info.cpc',
  'keyword_info.competition',
  'keyword_properties.keyword_difficulty',
];
const COMPETITOR_SORTABLE = [
  'domain',
  'avg_position',
  'sum_position',
  'intersections',
  'metrics.organic.count',
  'metrics.organic.etv',
  'metrics.organic.pos_1',
  'competitor_metrics.organic.count',
  'competitor_metrics.organic.etv',
];

// ---------------------------------------------------------------------------------------------------
// Route table: path (without /v3/) → how to answer one task.

interface RouteContext {
  task: Task;
  profile(target: string): Profile;
  today: number;
  keywords: KeywordWorld;
}

interface Route {
  /** What `data` starts with before the posted task (default: `{ api, function }` from the path). */
  data?: Record<string, string>;
  /** The task's cost in USD for the billable units `handle` counted (default: the Backlinks price). */
  cost?(units: number): number;
  /** `result` of the task, and the number of billable units (rows, items or SERP pages). Throws InvalidField for a bad task. */
  handle(ctx: RouteContext): { result: unknown[]; rows: number };
}

const backlinksCost = (rows: number) => PRICES.backlinks.task + PRICES.backlinks.row * rows;
const labsCost = (items: number) => PRICES.labs.task + PRICES.labs.item * items;
/** Live SERP: the first page of 10 results at the base price, each further page at 75 % of it. */
const serpLiveCost = (pages: number) =>
  PRICES.serpLive.firstPage + PRICES.serpLive.nextPage * Math.max(0, pages - 1);

const BACKLINK_SORTABLE = [
  'rank',
  'page_from_rank',
  'domain_from_rank',
  'first_seen',
  'prev_seen',
  'last_seen',
  'backlink_spam_score',
  'domain_from',
  'url_from',
  'url_to',
  'anchor',
  'tld_from',
  'domain_from_country',
  'page_from_external_links',
  'page_from_internal_links',
  'page_from_size',
  'links_count',
  'group_count',
  'url_to_spam_score',
];
const AGGREGATE_SORTABLE = [
  'rank',
  'backlinks',
  'first_seen',
  'lost_date',
  'backlinks_spam_score',
  'broken_backlinks',
  'broken_pages',
  'referring_domains',
  'referring_domains_nofollow',
  'referring_main_domains',
  'referring_main_domains_nofollow',
  'referring_ips',
  'referring_subnets',
  'referring_pages',
  'referring_pages_nofollow',
];

const routes: Record<string, Route> = {
  'backlinks/summary/live': {
    handle({ task, profile }) {
      const target = requireTarget(task);
      rejectUnsupported(task, 'backlinks_filters');
      const p = profile(target);
      const links = linksByStatus(p, task);
      const metrics = aggregate(links);
      return {
        rows: 1,
        result: [
          {
            target,
            first_seen: metrics.first_seen,
            lost_date: metrics.lost_date,
            rank: rankOf(links),
            backlinks: metrics.backlinks,
            backlinks_spam_score: metrics.backlinks_spam_score,
            crawled_pages: p.crawledPages,
            info: p.info,
            internal_links_count: p.internalLinks,
            external_links_count: p.externalLinks,
            ...Object.fromEntries(
              Object.entries(metrics).filter(
                ([key]) => !['first_seen', 'lost_date', 'backlinks', 'backlinks_spam_score'].includes(key),
              ),
            ),
          },
        ],
      };
    },
  },

  'backlinks/timeseries_summary/live': {
    handle({ task, profile, today }) {
      const target = requireTarget(task);
      rejectUnsupported(task);
      const dateTo = parseDay(task, 'date_to', today, Date.UTC(2019, 0, 30), today);
      const minDate = Date.UTC(2019, 0, 30);
      const dateFrom = parseDay(task, 'date_from', Math.max(minDate, dateTo - 365 * DAY), minDate, dateTo);
      const groupRange = optionalEnum(
        task,
        'group_range',
        ['day', 'week', 'month', 'year'] as const,
        'month',
      );
      const links = profile(target).links;
      const items = groupDates(dateFrom, dateTo, groupRange).map((date) => {
        const asOf = Math.min(date, today) + DAY - 1; // the state at the end of that day
        const alive = links.filter(
          (l) => l.firstSeenMs <= asOf && (l.lostAtMs === null || l.lostAtMs > asOf),
        );
        const m = aggregate(alive);
        return {
          type: 'backlinks_timeseries_summary',
          date: formatDate(date),
          rank: rankOf(alive),
          backlinks: m.backlinks,
          backlinks_nofollow: alive.filter((l) => !l.dofollow).length,
          referring_pages: m.referring_pages,
          referring_pages_nofollow: m.referring_pages_nofollow,
          referring_domains: m.referring_domains,
          referring_domains_nofollow: m.referring_domains_nofollow,
          referring_main_domains: m.referring_main_domains,
          referring_main_domains_nofollow: m.referring_main_domains_nofollow,
          referring_ips: m.referring_ips,
          referring_subnets: m.referring_subnets,
        };
      });
      return {
        rows: items.length,
        result: [
          {
            target,
            date_from: new Date(dateFrom).toISOString().slice(0, 10),
            date_to: new Date(dateTo).toISOString().slice(0, 10),
            group_range: groupRange,
            items_count: items.length,
            items,
          },
        ],
      };
    },
  },

  'backlinks/backlinks/live': {
    handle({ task, profile }) {
      const target = requireTarget(task);
      rejectUnsupported(task, 'filters', 'backlinks_filters', 'custom_mode');
      const mode = optionalEnum(
        task,
        'mode',
        ['as_is', 'one_per_domain', 'one_per_anchor'] as const,
        'as_is',
      );
      const rules = orderBy(task, BACKLINK_SORTABLE, [{ field: 'rank', desc: true }]);
      let items = linksByStatus(profile(target), task).map(publicLink);
      if (mode !== 'as_is') {
        const key = mode === 'one_per_domain' ? 'domain_from' : 'anchor';
        const groups = new Map<unknown, Record<string, unknown>[]>();
        for (const item of items) groups.set(item[key], [...(groups.get(item[key]) ?? []), item]);
        items = [...groups.values()].map((group) => {
          const best = sortItems(group, [{ field: 'rank', desc: true }], ['url_from', 'url_to'])[0]!;
          return { ...best, group_count: group.length };
        });
      }
      const sorted = sortItems(items, rules, ['url_from', 'url_to']);
      const pageItems = page(sorted, task);
      return {
        rows: pageItems.length,
        result: [
          {
            target,
            mode,
            custom_mode: null,
            total_count: sorted.length,
            items_count: pageItems.length,
            items: pageItems,
          },
        ],
      };
    },
  },

  'backlinks/referring_domains/live': {
    handle: ({ task, profile }) =>
      linksGroupedBy(
        task,
        profile,
        'domain',
        'backlinks_referring_domain',
        (link) => link.domain_from,
        (links) => links[0]!.domain_from_rank,
      ),
  },

  'backlinks/anchors/live': {
    handle: ({ task, profile }) =>
      linksGroupedBy(task, profile, 'anchor', 'backlinks_anchor', (link) => link.anchor, rankOf),
  },
  'dataforseo_labs/google/ranked_keywords/live': {
    data: labsData('ranked_keywords'),
    cost: labsCost,
    handle({ task, keywords }) {
      const target = requireTarget(task);
      rejectUnsupportedLabs(task);
      checkItemTypes(task);
      optionalEnum(task, 'historical_serp_mode', ['live'] as const, 'live');
      const loadRankAbsolute = optionalBool(task, 'load_rank_absolute');
      const locale = resolveLocale(task, false);
      const rules = orderBy(task, RANKED_SORTABLE, [
        { field: 'ranked_serp_element.serp_item.rank_group', desc: false },
      ]);
      const host = hostOf(target);
      const entries = keywords.ranked(host, locale);
      const metricsEntries = entries.map((e) =>
        metricsEntry(keywords, e.keyword, locale, e.position, e.previous),
      );
      const items = entries.map((entry, i) => {
        const facts = keywords.facts(entry.keyword, locale);
        const metrics = metricsEntries[i]!;
        const snippet = snippetOf(host, entry.keyword);
        return {
          se_type: 'google',
          keyword_data: labsKeywordData(keywords, entry.keyword, locale, true),
          ranked_serp_element: {
            se_type: 'google',
            serp_item: {
              se_type: 'google',
              type: 'organic',
              rank_group: entry.position,
              rank_absolute: entry.position,
              position: 'left',
              xpath: `/html[1]/body[1]/div[3]/div[1]/div[13]/div[1]/div[2]/div[${((entry.position - 1) % 10) + 1}]/div[1]`,
              domain: host,
              title: snippet.title,
              url: snippet.url,
              breadcrumb: snippet.breadcrumb,
              website_name: snippet.website_name,
              is_image: false,
              is_video: false,
              is_featured_snippet: false,
              is_malicious: false,
              is_web_story: false,
              description: snippet.description,
              pre_snippet: null,
              extended_snippet: null,
              amp_version: false,
              rating: null,
              highlighted: entry.keyword.split(' '),
              links: null,
              about_this_result: null,
              main_domain: mainDomainOf(host),
              relative_url: snippet.relative_url,
              etv: metrics.etv,
              impressions_etv: metrics.impressionsEtv,
              estimated_paid_traffic_cost: metrics.paidTrafficCost,
              clickstream_etv: null,
              rank_changes: {
                previous_rank_absolute: entry.previous,
                is_new: entry.previous === null,
                is_up: entry.previous !== null && entry.previous > entry.position,
                is_down: entry.previous !== null && entry.previous < entry.position,
              },
              backlinks_info: null,
              rank_info: null,
            },
            check_url: checkUrlOf(entry.keyword, locale),
            serp_item_types: ['organic'],
            se_results_count: facts.se_results_count,
            keyword_difficulty: facts.keyword_difficulty,
            is_lost: false,
            last_updated_time: formatDate(facts.updatedMs),
            previous_updated_time: formatDate(facts.updatedMs - 30 * DAY),
          },
        };
      });
      const sorted = sortItems(items, rules, ['keyword_data.keyword']);
      const pageItems = page(sorted, task);
      const metrics = { organic: organicMetrics(metricsEntries), paid: emptyMetrics() };
      return {
        rows: pageItems.length,
        result: [
          {
            se_type: 'google',
            target,
            location_code: locale.location_code,
            language_code: locale.language_code,
            total_count: sorted.length,
            items_count: pageItems.length,
            metrics,
            // Only organic results exist here, so the rank_absolute distribution equals the rank_group one.
            metrics_absolute: loadRankAbsolute ? metrics : null,
            items: pageItems,
          },
        ],
      };
    },
  },

  'dataforseo_labs/google/keyword_suggestions/live': {
    data: labsData('keyword_suggestions'),
    cost: labsCost,
    handle({ task, keywords }) {
      const seed = requireKeyword(task, 3);
      rejectUnsupportedLabs(task);
      optionalBool(task, 'exact_match');
      const includeSeed = optionalBool(task, 'include_seed_keyword');
      const includeSerp = optionalBool(task, 'include_serp_info');
      const locale = resolveLocale(task, false);
      const rules = orderBy(task, KEYWORD_SORTABLE, [{ field: 'keyword_info.search_volume', desc: true }]);
      const items = keywords
        .suggestions(seed, locale)
        .map((keyword) => labsKeywordData(keywords, keyword, locale, includeSerp));
      const sorted = sortItems(items, rules, ['keyword']);
      const pageItems = page(sorted, task);
      const offset = optionalInt(task, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      return {
        rows: pageItems.length,
        result: [
          {
            se_type: 'google',
            seed_keyword: seed,
            seed_keyword_data:
              includeSeed && !isUnknownKeyword(seed)
                ? labsKeywordData(keywords, seed, locale, includeSerp)
                : null,
            location_code: locale.location_code,
            language_code: locale.language_code,
            total_count: sorted.length,
            items_count: pageItems.length,
            offset,
            offset_token: Buffer.from(`${seed}|${locale.key}|${offset + pageItems.length}`).toString(
              'base64url',
            ),
            items: pageItems,
          },
        ],
      };
    },
  },

  'dataforseo_labs/google/related_keywords/live': {
    data: labsData('related_keywords'),
    cost: labsCost,
    handle({ task, keywords }) {
      const seed = requireKeyword(task);
      rejectUnsupportedLabs(task);
      optionalBool(task, 'replace_with_core_keyword');
      const includeSeed = optionalBool(task, 'include_seed_keyword');
      const includeSerp = optionalBool(task, 'include_serp_info');
      const depth = optionalInt(task, 'depth', 1, 0, 4);
      const locale = resolveLocale(task, true);
      const rules = orderBy(
        task,
        [...KEYWORD_SORTABLE.map((field) => `keyword_data.${field}`), 'depth'],
        [{ field: 'keyword_data.keyword_info.search_volume', desc: true }],
      );
      // Breadth first from the seed (depth 0): each keyword's eight related searches are the next level.
      const nodes: { keyword: string; depth: number }[] = [];
      if (!isUnknownKeyword(seed)) {
        const seen = new Set([seed]);
        nodes.push({ keyword: seed, depth: 0 });
        for (let level = 1, from = 0; level <= depth; level++) {
          const to = nodes.length;
          for (let i = from; i < to; i++)
            for (const keyword of keywords.related(nodes[i]!.keyword))
              if (!seen.has(keyword)) {
                seen.add(keyword);
                nodes.push({ keyword, depth: level });
              }
          from = to;
        }
      }
      const items = nodes.map((node) => ({
        se_type: 'google',
        keyword_data: labsKeywordData(keywords, node.keyword, locale, includeSerp),
        depth: node.depth,
        related_keywords: keywords.related(node.keyword),
      }));
      const sorted = sortItems(items, rules, ['depth', 'keyword_data.keyword']);
      const pageItems = page(sorted, task);
      return {
        rows: pageItems.length,
        result: [
          {
            se_type: 'google',
            seed_keyword: seed,
            seed_keyword_data:
              includeSeed && !isUnknownKeyword(seed)
                ? labsKeywordData(keywords, seed, locale, includeSerp)
                : null,
            location_code: locale.location_code,
            language_code: locale.language_code,
            total_count: sorted.length,
            items_count: pageItems.length,
            items: pageItems,
          },
        ],
      };
    },
  },

  'dataforseo_labs/google/competitors_domain/live': {
    data: labsData('competitors_domain'),
    cost: labsCost,
    handle({ task, keywords }) {
      const target = requireTarget(task);
      rejectUnsupportedLabs(task, 'intersecting_domains');
      checkItemTypes(task);
      const excludeTop = optionalBool(task, 'exclude_top_domains');
      const maxRank = optionalInt(task, 'max_rank_group', 100, 1, 100);
      const locale = resolveLocale(task, true);
      const rules = orderBy(task, COMPETITOR_SORTABLE, [{ field: 'metrics.organic.count', desc: true }]);
      const host = hostOf(target);
      // Every domain on the day-0 SERPs of the target's ranked keywords, with where it ranks there.
      const rows = new Map<string, { mine: MetricsEntry[]; theirs: MetricsEntry[]; keywords: Set<string> }>();
      const rowOf = (domain: string) => {
        let row = rows.get(domain);
        if (!row) {
          row = { mine: [], theirs: [], keywords: new Set() };
          rows.set(domain, row);
        }
        return row;
      };
      for (const entry of keywords.ranked(host, locale)) {
        if (entry.position > maxRank) continue;
        const mine = metricsEntry(keywords, entry.keyword, locale, entry.position, entry.previous);
        const self = rowOf(host);
        self.mine.push(mine);
        self.theirs.push(mine);
        self.keywords.add(entry.keyword);
        keywords.serp(entry.keyword, locale, 0, maxRank).forEach((domain, index) => {
          if (domain === host) return;
          const row = rowOf(domain);
          row.mine.push(mine);
          row.theirs.push(metricsEntry(keywords, entry.keyword, locale, index + 1, index + 1));
          row.keywords.add(entry.keyword);
        });
      }
      const excluded = (domain: string) => excludeTop && TOP_DOMAINS.includes(mainDomainOf(domain));
      const items = [...rows]
        .filter(([domain]) => !excluded(domain))
        .map(([domain, row]) => {
          const sum = row.theirs.reduce((total, e) => total + e.position, 0);
          return {
            se_type: 'google',
            domain,
            avg_position: round2(sum / row.theirs.length),
            sum_position: sum,
            intersections: row.theirs.length,
            full_domain_metrics: null as Record<string, unknown> | null,
            metrics: { organic: organicMetrics(row.mine), paid: emptyMetrics() },
            competitor_metrics: { organic: organicMetrics(row.theirs), paid: emptyMetrics() },
          };
        });
      const sorted = sortItems(items, rules, ['avg_position', 'domain']);
      const pageItems = page(sorted, task).map((item) => {
        // All the competitor's keywords: its own ranked keywords plus the ones it shares with the target.
        const row = rows.get(item.domain)!;
        const own = keywords
          .ranked(item.domain, locale)
          .filter((e) => !row.keywords.has(e.keyword))
          .map((e) => metricsEntry(keywords, e.keyword, locale, e.position, e.previous));
        return {
          ...item,
          full_domain_metrics: { organic: organicMetrics([...row.theirs, ...own]), paid: emptyMetrics() },
        };
      });
      return {
        rows: pageItems.length,
        result: [
          {
            se_type: 'google',
            target,
            location_code: locale.location_code,
            language_code: locale.language_code,
            total_count: sorted.length,
            items_count: pageItems.length,
            items: pageItems,
          },
        ],
      };
    },
  },

  'serp/google/organic/live/regular': {
    data: { api: 'serp', function: 'live', se: 'google', se_type: 'organic' },
    cost: serpLiveCost,
    handle({ task, keywords }) {
      // "all %## will be decoded (plus character '+' will be decoded to a space character)"
      let raw = task.keyword;
      if (typeof raw === 'string') {
        try {
          raw = decodeURIComponent(raw.replace(/\+/g, ' '));
        } catch {
          throw new InvalidField('keyword');
        }
      }
      const keyword = requireKeyword({ keyword: raw }, 1, 700);
      const asSent = (raw as string).trim();
      rejectUnsupported(task, 'location_coordinate', 'url', 'target', 'stop_crawl_on_match', 'search_param');
      const locale = resolveLocale(task, true);
      const depth = optionalInt(task, 'depth', 10, 1, 700);
      const maxPages = optionalInt(task, 'max_crawl_pages', 100, 1, 100);
      optionalEnum(task, 'device', ['desktop', 'mobile'] as const, 'desktop');
      optionalEnum(task, 'os', ['windows', 'macos', 'android', 'ios'] as const, 'windows');
      optionalBool(task, 'group_organic_results', true);
      const seDomain =
        typeof task.se_domain === 'string' && task.se_domain.trim() ? task.se_domain.trim() : locale.seDomain;
      const domains = keywords.serp(keyword, locale, keywords.day, Math.min(depth, maxPages * 10));
      const items = domains.map((domain, index) => {
        const snippet = snippetOf(domain, keyword);
        return {
          type: 'organic',
          rank_group: index + 1,
          rank_absolute: index + 1,
          position: 'left',
          xpath: `/html[1]/body[1]/div[3]/div[1]/div[13]/div[1]/div[2]/div[${(index % 10) + 1}]/div[1]/div[1]/div[1]`,
          domain,
          title: snippet.title,
          url: snippet.url,
          description: snippet.description,
          breadcrumb: snippet.breadcrumb,
        };
      });
      return {
        rows: Math.max(1, Math.ceil(items.length / PRICES.serpLive.pageSize)),
        result: [
          {
            keyword: asSent,
            type: 'organic',
            se_domain: seDomain,
            location_code: locale.location_code,
            language_code: locale.language_code,
            check_url: checkUrlOf(keyword, { ...locale, seDomain }),
            datetime: formatDate(Date.now()),
            spell: null,
            refinement_chips: null,
            item_types: items.length > 0 ? ['organic'] : [],
            se_results_count: keywords.facts(keyword, locale).se_results_count,
            items_count: items.length,
            items,
          },
        ],
      };
    },
  },

  'keywords_data/google_ads/search_volume/live': {
    data: { api: 'keywords_data', function: 'search_volume', se: 'google_ads' },
    cost: () => PRICES.googleAdsLive.task,
    handle({ task, keywords }) {
      const list = task.keywords;
      // Documented limits: up to 1000 keywords, each at most 80 characters and 10 words.
      if (!Array.isArray(list) || list.length === 0 || list.length > 1000) throw new InvalidField('keywords');
      const normalized = list.map((k) => (typeof k === 'string' ? normalizeKeyword(k) : ''));
      if (normalized.some((k) => k === '' || k.length > 80 || k.split(' ').length > 10))
        throw new InvalidField('keywords');
      rejectUnsupported(task, 'date_from', 'date_to', 'include_adult_keywords');
      const partners = optionalBool(task, 'search_partners');
      const sortBy = optionalEnum(
        task,
        'sort_by',
        [
          'relevance',
          'search_volume',
          'competition_index',
          'low_top_of_page_bid',
          'high_top_of_page_bid',
        ] as const,
        'relevance',
      );
      const locale = resolveLocale(task, false);
      // Google Ads answers each distinct keyword once, in the order sent (sort_by other than relevance
      // sorts descending).
      const results = [...new Set(normalized)].map((keyword) => {
        const facts = keywords.facts(keyword, locale);
        const partnerShare = (volume: number) => (partners ? volumeBucket(volume * 1.12) : volume);
        return {
          keyword,
          spell: null,
          location_code: locale.location_code,
          language_code: locale.language_code,
          search_partners: partners,
          competition: facts.competition_level,
          competition_index: facts.competition_index,
          search_volume: facts.search_volume === null ? null : partnerShare(facts.search_volume),
          low_top_of_page_bid: facts.low_top_of_page_bid,
          high_top_of_page_bid: facts.high_top_of_page_bid,
          cpc: facts.cpc,
          monthly_searches:
            facts.monthly_searches?.map((m) => ({ ...m, search_volume: partnerShare(m.search_volume) })) ??
            null,
        };
      });
      const ordered =
        sortBy === 'relevance' ? results : sortItems(results, [{ field: sortBy, desc: true }], []);
      return { rows: ordered.length, result: ordered };
    },
  },
};

// ---------------------------------------------------------------------------------------------------
// Server

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

function seconds(startedAt: number): string {
  return `${((performance.now() - startedAt) / 1000).toFixed(4)} sec.`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

export async function startFakeDataForSeo(options: FakeDataForSeoOptions = {}): Promise<FakeDataForSeo> {
  const login = options.login ?? 'sitelens-test@example.com';
  const password = options.password ?? 'dfs-test-password';
  const expectedAuth = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const forcedSizes = new Map(
    Object.entries(options.profiles ?? {}).map(([t, p]) => [hostOf(t), p.backlinks]),
  );
  const profiles = new Map<string, Profile>();
  const today = startOfUtcDay(Date.now());
  const keywords = new KeywordWorld(today, options.serpDomains ?? [], options.rankings ?? {});
  let rateLimit = options.rateLimit ?? null;
  let rateWindowMs = options.rateWindowMs ?? 60_000;
  const accepted: number[] = []; // times of requests let through, for the sliding window
  const failures: number[] = [];
  let totalCost = 0;
  let taskCounter = 0;

  const profileOf = (target: string): Profile => {
    const key = target.trim().toLowerCase();
    let profile = profiles.get(key);
    if (!profile) {
      profile = buildProfile(target, today, forcedSizes.get(hostOf(target)));
      profiles.set(key, profile);
    }
    return profile;
  };

  const taskId = (): string => {
    taskCounter++;
    const now = new Date();
    const stamp = [now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()]
      .map((n) => String(n).padStart(2, '0'))
      .join('');
    const tail = (hashString(`${stamp}:${taskCounter}`) * 4096 + taskCounter)
      .toString(16)
      .padStart(12, '0')
      .slice(-12);
    return `${stamp}-1535-0${String(taskCounter % 1000).padStart(3, '0')}-0000-${tail}`;
  };

  const fake: FakeDataForSeo = {
    url: '',
    login,
    password,
    requests: [],
    received: 0,
    rateLimited: 0,
    spent: () => round5(totalCost),
    failNext(statusCode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(statusCode);
    },
    setRateLimit(requests, windowMs = 60_000) {
      rateLimit = requests;
      rateWindowMs = windowMs;
      accepted.length = 0;
    },
    get day() {
      return keywords.day;
    },
    setDay(day) {
      if (!Number.isInteger(day) || day < 0)
        throw new RangeError(`setDay: ${day} is not a non-negative integer`);
      keywords.day = day;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer(async (request, response) => {
    const startedAt = performance.now();
    try {
      await answer(request, response, startedAt);
    } catch {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            version: VERSION,
            status_code: 50000,
            status_message: MESSAGES[50000],
            time: seconds(startedAt),
            cost: 0,
            tasks_count: 0,
            tasks_error: 0,
            tasks: null,
          }),
        );
      }
    }
  });

  const answer = async (request: IncomingMessage, response: ServerResponse, startedAt: number) => {
    const send = async (status: number, body: Record<string, unknown>) => {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      totalCost += typeof body.cost === 'number' ? body.cost : 0;
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    /** A request-level answer: no tasks, nothing charged. */
    const refuse = (code: number, message = MESSAGES[code] ?? 'Error.') =>
      send(httpStatusOf(code), {
        version: VERSION,
        status_code: code,
        status_message: message,
        time: seconds(startedAt),
        cost: 0,
        tasks_count: 0,
        tasks_error: 0,
        tasks: null,
      });

    const text = await readBody(request);
    // Not DataForSEO's: what a fixture in another process was asked, for a benchmark to read.
    if (request.method === 'GET' && request.url === FIXTURE_STATS_PATH) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: fake.received, rate_limited: fake.rateLimited }));
      return;
    }
    if (request.headers.authorization !== expectedAuth) return refuse(40100);

    const url = new URL(request.url ?? '/', 'http://dataforseo.test');
    const path = url.pathname.replace(/^\/v3\//, '').replace(/\/+$/, '');
    let posted: unknown;
    try {
      posted = text ? JSON.parse(text) : undefined;
    } catch {
      posted = undefined;
    }
    const tasks = Array.isArray(posted) ? posted : [];
    const first = tasks[0];
    fake.received++;
    if (options.keepRequests !== false)
      fake.requests.push({
        path,
        task: first && typeof first === 'object' && !Array.isArray(first) ? { ...(first as Task) } : {},
      });

    const forced = failures.shift();
    if (forced !== undefined) {
      if (forced === 40202) fake.rateLimited++;
      return refuse(forced);
    }
    if (rateLimit !== null) {
      const now = performance.now();
      while (accepted.length > 0 && now - accepted[0]! >= rateWindowMs) accepted.shift();
      if (accepted.length >= rateLimit) {
        fake.rateLimited++;
        return refuse(40202);
      }
      accepted.push(now);
    }

    const route = url.pathname.startsWith('/v3/') && request.method === 'POST' ? routes[path] : undefined;
    if (!route) return refuse(40400);
    if (tasks.length === 0 || tasks.some((t) => !t || typeof t !== 'object' || Array.isArray(t)))
      return refuse(40503);

    const pathParts = ['v3', ...path.split('/')];
    const [api, fn] = path.split('/');
    const answers = (tasks as Task[]).map((task, index) => {
      const taskStarted = performance.now();
      const data = { ...(route.data ?? { api, function: fn }), ...task };
      const failed = (code: number, message: string) => ({
        id: taskId(),
        status_code: code,
        status_message: message,
        time: seconds(taskStarted),
        cost: 0,
        result_count: 0,
        path: pathParts,
        data,
        result: null,
      });
      if (index > 0) return failed(40000, MESSAGES[40000]!);
      try {
        const { result, rows } = route.handle({ task, profile: profileOf, today, keywords });
        return {
          id: taskId(),
          status_code: 20000,
          status_message: 'Ok.',
          time: seconds(taskStarted),
          cost: round5((route.cost ?? backlinksCost)(rows)),
          result_count: result.length,
          path: pathParts,
          data,
          result,
        };
      } catch (error) {
        if (error instanceof InvalidField) return failed(40501, error.message);
        throw error;
      }
    });
    return send(200, {
      version: VERSION,
      status_code: 20000,
      status_message: 'Ok.',
      time: seconds(startedAt),
      cost: round5(answers.reduce((sum, t) => sum + t.cost, 0)),
      tasks_count: answers.length,
      tasks_error: answers.filter((t) => t.status_code !== 20000).length,
      tasks: answers,
    });
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}

// `node --import tsx apps/server/src/test/dataforseo-server.ts [--port 8788] [--login L] [--password P]
//  [--rate N] [--rate-window-ms MS] [--latency MS] [--serp-domains a.com,b.org]` starts one for manual
// demos and benchmarks (it keeps counts, not each request: GET /__fixture/stats).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const numberArg = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));
  startFakeDataForSeo({
    port: numberArg('port') ?? 8788,
    login: arg('login'),
    password: arg('password'),
    rateLimit: numberArg('rate'),
    rateWindowMs: numberArg('rate-window-ms'),
    keepRequests: false,
    latencyMs: numberArg('latency'),
    serpDomains: arg('serp-domains')?.split(',').filter(Boolean),
  }).then((fake) =>
    console.log(`DataForSEO fake at ${fake.url} login=${fake.login} password=${fake.password}`),
  );
}
