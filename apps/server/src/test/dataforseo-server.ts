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
 * - above `ratePerSecond`: HTTP 200, status_code 40202, tasks null (counted in `rateLimited`);
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
  /** Requests refused by the rate limit (including those forced with `failNext(40202)`). */
  rateLimited: number;
  /** Total cost in USD of the answers given. */
  spent(): number;
  /** The next `times` authenticated requests answer this internal status code (50000, 40200, 40210, 40202 …). */
  failNext(statusCode: number, times?: number): void;
  setRateLimit(perSecond: number | null): void;
  /** The fixture's day counter (0 at start): SERP positions of tracked domains move with it. */
  readonly day: number;
  /** Sets the day counter (a non-negative integer); the following SERP answers are that day's. */
  setDay(day: number): void;
  close(): Promise<void>;
}

export interface FakeDataForSeoOptions {
  login?: string;
  password?: string;
  port?: number;
  /** Requests accepted per sliding one-second window; above it the documented 40202 answer. */
  ratePerSecond?: number;
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
      const a = x[rule.field];
      const b = y[rule.field];
      if (a === null || a === undefined || b === null || b === undefined) {
        const c = compare(a, b); // nulls last whatever the direction
        if (c !== 0) return c;
        continue;
      }
      const c = compare(a, b);
      if (c !== 0) return rule.desc ? -c : c;
    }
    for (const field of tieBreak) {
      const c = compare(x[field], y[field]);
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
// Route table: path (without /v3/) → how to answer one task. Keyword endpoints are added as entries.

interface RouteContext {
  task: Task;
  profile(target: string): Profile;
  today: number;
}

interface Route {
  /** `result` of the task, and the number of billable rows. Throws InvalidField for a bad task. */
  handle(ctx: RouteContext): { result: unknown[]; rows: number };
}

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
    handle({ task, profile }) {
      const target = requireTarget(task);
      rejectUnsupported(task, 'filters', 'backlinks_filters');
      const rules = orderBy(task, [...AGGREGATE_SORTABLE, 'domain'], [{ field: 'backlinks', desc: true }]);
      const byDomain = new Map<string, Link[]>();
      for (const link of linksByStatus(profile(target), task))
        byDomain.set(link.domain_from, [...(byDomain.get(link.domain_from) ?? []), link]);
      const items = [...byDomain].map(([domain, links]) => {
        const { first_seen, lost_date, backlinks, ...rest } = aggregate(links);
        return {
          type: 'backlinks_referring_domain',
          domain,
          rank: links[0]!.domain_from_rank,
          backlinks,
          first_seen,
          lost_date,
          ...rest,
        };
      });
      const sorted = sortItems(items, rules, ['domain']);
      const pageItems = page(sorted, task);
      return {
        rows: pageItems.length,
        result: [{ target, total_count: sorted.length, items_count: pageItems.length, items: pageItems }],
      };
    },
  },

  'backlinks/anchors/live': {
    handle({ task, profile }) {
      const target = requireTarget(task);
      rejectUnsupported(task, 'filters', 'backlinks_filters');
      const rules = orderBy(task, [...AGGREGATE_SORTABLE, 'anchor'], [{ field: 'backlinks', desc: true }]);
      const byAnchor = new Map<string, Link[]>();
      for (const link of linksByStatus(profile(target), task))
        byAnchor.set(link.anchor, [...(byAnchor.get(link.anchor) ?? []), link]);
      const items = [...byAnchor].map(([anchor, links]) => {
        const { first_seen, lost_date, backlinks, ...rest } = aggregate(links);
        return {
          type: 'backlinks_anchor',
          anchor,
          rank: rankOf(links),
          backlinks,
          first_seen,
          lost_date,
          ...rest,
        };
      });
      const sorted = sortItems(items, rules, ['anchor']);
      const pageItems = page(sorted, task);
      return {
        rows: pageItems.length,
        result: [{ target, total_count: sorted.length, items_count: pageItems.length, items: pageItems }],
      };
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
  let ratePerSecond = options.ratePerSecond ?? null;
  const accepted: number[] = []; // times of requests let through, for the sliding one-second window
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
    rateLimited: 0,
    spent: () => round5(totalCost),
    failNext(statusCode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(statusCode);
    },
    setRateLimit(perSecond) {
      ratePerSecond = perSecond;
      accepted.length = 0;
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
    fake.requests.push({
      path,
      task: first && typeof first === 'object' && !Array.isArray(first) ? { ...(first as Task) } : {},
    });

    const forced = failures.shift();
    if (forced !== undefined) {
      if (forced === 40202) fake.rateLimited++;
      return refuse(forced);
    }
    if (ratePerSecond !== null) {
      const now = performance.now();
      while (accepted.length > 0 && now - accepted[0]! >= 1000) accepted.shift();
      if (accepted.length >= ratePerSecond) {
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
      const data = { api, function: fn, ...task };
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
        const { result, rows } = route.handle({ task, profile: profileOf, today });
        return {
          id: taskId(),
          status_code: 20000,
          status_message: 'Ok.',
          time: seconds(taskStarted),
          cost: round5(PRICE_PER_TASK + PRICE_PER_ROW * rows),
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
//  [--rate N] [--latency MS]` starts one for manual demos.
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
    ratePerSecond: numberArg('rate'),
    latencyMs: numberArg('latency'),
  }).then((fake) =>
    console.log(`DataForSEO fake at ${fake.url} login=${fake.login} password=${fake.password}`),
  );
}
