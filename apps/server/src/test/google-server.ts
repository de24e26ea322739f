import { createHash, generateKeyPairSync, randomBytes, randomInt, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local server that speaks Google's OAuth 2.0 endpoints and the Google Search Console API as Google
 * documents them (developers.google.com/identity/protocols/oauth2, developers.google.com/webmaster-tools),
 * for integration tests, e2e and manual demos of the Search Console import. It is written to be driven by
 * Google's own clients: google-auth-library's OAuth2Client (with `endpoints` pointed here), its JWT client
 * and @googleapis/searchconsole (with `rootUrl: `${url}/``).
 *
 * OAuth 2.0:
 * - `GET /o/oauth2/v2/auth`: client_id (the fixture's), redirect_uri (any http(s) URI, or one of
 *   `redirectUris`), response_type=code, scope holding webmasters.readonly (or webmasters), and a PKCE
 *   code_challenge with code_challenge_method=S256 (stricter than Google, which also takes plain or no
 *   PKCE: the product always sends S256). Consent is given at once: 302 to
 *   `redirect_uri?state=…&code=…&scope=…`, or `?error=access_denied&state=…` after `denyConsent()`.
 *   A bad request gets Google's error page instead of a redirect (HTML, 400, or 401 for an unknown client).
 * - `POST /token` (form or JSON body; the client's secret in the body or as HTTP Basic):
 *   authorization_code (single use, within 10 minutes, bound to its redirect_uri; code_verifier checked
 *   against the S256 challenge), refresh_token, and urn:ietf:params:oauth:grant-type:jwt-bearer with an
 *   RS256 assertion signed by the service account (`serviceAccountKey`): iss its client_email, aud
 *   `${url}/token` or Google's documented https://oauth2.googleapis.com/token (google-auth-library's JWT
 *   always signs the latter), a scope, iat/exp at most an hour apart. Answers
 *   `{ access_token, expires_in: 3599, scope, token_type: 'Bearer' }` plus a refresh_token for an
 *   access_type=offline code (every time, not only on first consent); errors are `{ error,
 *   error_description }`: invalid_grant (400: "Bad Request" for an unknown, used or expired code, "Invalid
 *   code verifier.", "Token has been expired or revoked.", "Invalid JWT Signature." …), invalid_client
 *   (401), redirect_uri_mismatch, invalid_scope, unsupported_grant_type, invalid_request (400).
 * - `POST /revoke?token=…` (or in the body): ends the grant an access or refresh token belongs to; 200 `{}`,
 *   400 invalid_token for a token it does not know.
 *
 * Search Console API (paths under the API's rootUrl; `{site}` is the URL-encoded property,
 * `sc-domain%3Aexample.com` or `https%3A%2F%2Fexample.com%2F`):
 * - `GET /webmasters/v3/sites` → `{ siteEntry: [{ siteUrl, permissionLevel }] }` (`{}` when none);
 *   `GET /webmasters/v3/sites/{site}` → one entry;
 * - `GET /webmasters/v3/sites/{site}/sitemaps` → `{ sitemap: [WmxSitemap] }`, `…/sitemaps/{feedpath}` → one;
 * - `POST /webmasters/v3/sites/{site}/searchAnalytics/query` (see `searchAnalytics` below);
 * - `POST /v1/urlInspection/index:inspect` `{ inspectionUrl, siteUrl, languageCode }` →
 *   `{ inspectionResult: { inspectionResultLink, indexStatusResult, mobileUsabilityResult } }`.
 * Anything else is 404 NOT_FOUND "Method not found." (the write methods are not served: the product
 * only reads). Checks run in this order: route, `failNext`, bearer token (401 UNAUTHENTICATED with
 * `WWW-Authenticate`), token scope (403 "Request had insufficient authentication scopes."), property
 * permission (403 "User does not have sufficient permission for site '…'. See also: …"; URL inspection
 * answers Google's "You do not own this site, or the inspected URL is not part of this property."),
 * quota (429 RESOURCE_EXHAUSTED), request body (400 INVALID_ARGUMENT). Errors use Google's body
 * `{ error: { code, message, errors: [{ message, domain, reason }], status } }`.
 *
 * searchAnalytics.query, from `options.rows(siteUrl, date)` called once per day of the range (a day's rows
 * are folded into the answer's groups and dropped, so a 16-month property is never held at once):
 * - startDate/endDate (YYYY-MM-DD, inclusive) are required; days after `lastDay`, the freshest
 *   `freshDays` unless dataState is 'all', and days more than 16 months before `lastDay` give no rows;
 * - dimensions (date, query, page, country, device, searchAppearance; searchAppearance only alone, as
 *   Google asks for its two-step process) group the rows in the order given; keys are the values
 *   (country lower-case alpha-3, device upper case); no dimensions → one total row without keys;
 * - dimensionFilterGroups (groupType 'and') with filters { dimension, operator (equals by default,
 *   contains, notContains, notEquals: not case-sensitive; includingRegex, excludingRegex: partial match,
 *   case-sensitive unless the expression starts with (?i)), expression }, all groups AND'ed;
 * - anonymized queries (`query: null`) count in every answer except when the query dimension is grouped
 *   or filtered on;
 * - clicks and impressions summed, ctr = clicks / impressions, position = the impressions-weighted mean;
 *   sorted by clicks, then impressions, descending (then keys, so pages are stable);
 * - rowLimit 1–25,000 (default 1,000; more is 400), startRow ≥ 0; `rows` is left out when empty;
 * - type 'web' (default; `searchType` is its old name) has the data; image, video, news, discover and
 *   googleNews are accepted and empty;
 * - aggregationType auto (default), byPage or byProperty (400 with page grouped or filtered); the
 *   answer's responseAggregationType is byPage when page is grouped or filtered, else byProperty;
 * - with dataState 'all' and date grouped, `metadata.firstIncompleteDate` is the first fresh day asked for.
 *
 * Quotas: `queriesPerMinute` searchAnalytics queries per site and per user (the signed-in account, or the
 * service account) in a sliding minute; `inspectionsPerDay` URL inspections per property per Pacific day.
 *
 * Run it for manual demos: `node --import tsx apps/server/src/test/google-server.ts --port 8791
 * [--site https://example.com/]` (prints the URL, the client id and secret).
 */
export interface GoogleSearchRow {
  /** YYYY-MM-DD. */
  date: string;
  /** null: an anonymized query (Google leaves it out of query-dimension rows, but counts it in totals). */
  query: string | null;
  /** Absolute URL. */
  page: string;
  /** ISO 3166-1 alpha-3, lower case ('gbr'). */
  country: string;
  device: 'DESKTOP' | 'MOBILE' | 'TABLET';
  clicks: number;
  impressions: number;
  /** Average position of this row (1-based). */
  position: number;
  /** Search appearances of the row's results (e.g. 'VIDEO', 'AMP_BLUE_LINK'); only these rows answer a searchAppearance grouping. */
  searchAppearance?: string[];
}

/** Index status of a URL, as `urlInspection.index.inspect` answers it (`indexStatusResult`). */
export interface IndexStatusResult {
  verdict: 'PASS' | 'PARTIAL' | 'FAIL' | 'NEUTRAL' | 'VERDICT_UNSPECIFIED';
  /** Free text: 'Submitted and indexed', 'Crawled - currently not indexed', 'URL is unknown to Google' … */
  coverageState: string;
  robotsTxtState: 'ALLOWED' | 'DISALLOWED' | 'ROBOTS_TXT_STATE_UNSPECIFIED';
  indexingState:
    | 'INDEXING_ALLOWED'
    | 'BLOCKED_BY_META_TAG'
    | 'BLOCKED_BY_HTTP_HEADER'
    | 'BLOCKED_BY_ROBOTS_TXT'
    | 'INDEXING_STATE_UNSPECIFIED';
  /** RFC 3339; absent when never crawled. */
  lastCrawlTime?: string;
  pageFetchState:
    | 'SUCCESSFUL'
    | 'SOFT_404'
    | 'BLOCKED_ROBOTS_TXT'
    | 'NOT_FOUND'
    | 'ACCESS_DENIED'
    | 'SERVER_ERROR'
    | 'REDIRECT_ERROR'
    | 'ACCESS_FORBIDDEN'
    | 'BLOCKED_4XX'
    | 'INTERNAL_CRAWL_ERROR'
    | 'INVALID_URL'
    | 'PAGE_FETCH_STATE_UNSPECIFIED';
  /** Absent when the URL is not indexed. */
  googleCanonical?: string;
  /** Absent when the page declares none. */
  userCanonical?: string;
  crawledAs?: 'DESKTOP' | 'MOBILE' | 'CRAWLING_USER_AGENT_UNSPECIFIED';
  sitemap?: string[];
  referringUrls?: string[];
}

/** A sitemap as sitemaps.list answers it (Google's WmxSitemap; counts are int64, so strings). */
export interface GoogleSitemap {
  path: string;
  lastSubmitted?: string;
  lastDownloaded?: string;
  isPending: boolean;
  isSitemapsIndex: boolean;
  type: string;
  warnings: string;
  errors: string;
  contents: { type: string; submitted: string; indexed: string }[];
}

export type PermissionLevel = 'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser';

export interface GoogleServerOptions {
  /** Defaults generated (a Google-shaped '….apps.googleusercontent.com' id and a 'GOCSPX-…' secret). */
  clientId?: string;
  clientSecret?: string;
  /** Redirect URIs registered for the client; unset: any http(s) URI is accepted. */
  redirectUris?: string[];
  /** The properties the signed-in Google account (and the service account) can read, with permissionLevel (default siteOwner; siteUnverifiedUser is listed but cannot read data). */
  properties: { siteUrl: string; permissionLevel?: PermissionLevel }[];
  /** A property's rows of one day, generated on demand (large properties must not be held in memory). */
  rows(siteUrl: string, date: string): GoogleSearchRow[];
  /** The newest day with data (default: today − 2 days, UTC); days after it answer no rows. */
  lastDay?: string;
  /** The last `freshDays` (default 2) up to `lastDay` are answered only with dataState 'all'. */
  freshDays?: number;
  /** URL inspection results by URL (default: indexed, "Submitted and indexed", canonical = the URL); an undefined field is left out. */
  inspect?(siteUrl: string, url: string): Partial<IndexStatusResult> | undefined;
  /** A property's sitemaps (default: one processed `sitemap.xml` at the property's home). */
  sitemaps?(siteUrl: string): GoogleSitemap[];
  /** Queries a minute per site and per user before 429 RESOURCE_EXHAUSTED (default unlimited). */
  queriesPerMinute?: number;
  /** URL inspections a day per property (default 2,000, Google's). */
  inspectionsPerDay?: number;
  port?: number;
}

export interface RecordedGoogleRequest {
  method: string;
  /** The path as sent (still URL-encoded), without the query string. */
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** The parsed JSON or form body; undefined when there was none. */
  body: unknown;
  /** Date.now() on arrival. */
  at: number;
  /** The answer's HTTP status (null until answered). */
  status: number | null;
}

export interface GoogleServer {
  /** http://127.0.0.1:PORT. The API's rootUrl is `${url}/`; OAuth endpoints: `${url}/o/oauth2/v2/auth`, `${url}/token`, `${url}/revoke`. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** A service account key file's JSON (type, client_email, private_key PEM, token_uri = `${url}/token` …), accepted by the jwt-bearer grant. */
  serviceAccountKey: Record<string, string>;
  /** Every request received (authorization, token, revoke, API), in order: method, path, body (parsed), for assertions (e.g. startRow paging, dataState). */
  requests: RecordedGoogleRequest[];
  /** Access tokens issued so far stop working (401 UNAUTHENTICATED), as after their hour; refresh still works. */
  expireAccessTokens(): void;
  /** The user's grants are revoked: refresh answers 400 invalid_grant "Token has been expired or revoked."; their access tokens 401. A new consent makes a new grant. */
  revokeGrant(): void;
  /** The account (and the service account) loses a property: it leaves sites.list and its calls answer 403 PERMISSION_DENIED. */
  removePermission(siteUrl: string): void;
  /** The next `count` (default 1) API calls answer this status with Google's error body (e.g. 429, 500, 503). */
  failNext(status: number, count?: number): void;
  /** The next authorization request is refused by the user: redirect with error=access_denied. */
  denyConsent(): void;
  close(): Promise<void>;
}

const DAY = 86_400_000;
const READONLY_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const FULL_SCOPE = 'https://www.googleapis.com/auth/webmasters';
/** The audience Google documents for service-account assertions, which google-auth-library's JWT signs. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_LIFETIME_S = 3599;
const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_ROW_LIMIT = 25_000;
const DEFAULT_ROW_LIMIT = 1_000;
const HISTORY_MONTHS = 16;
const PERMISSION_HELP = 'See also: https://support.google.com/webmasters/answer/2451999.';
const AUTH_HELP =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const INSPECTION_DENIED = 'You do not own this site, or the inspected URL is not part of this property.';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** What Google says for a status when nothing more specific applies (failNext). */
const STOCK_ERRORS: Record<number, { message: string; reason: string; domain?: string }> = {
  400: { message: 'Bad Request', reason: 'badRequest' },
  401: { message: `Request had invalid authentication credentials. ${AUTH_HELP}`, reason: 'authError' },
  403: { message: 'The caller does not have permission', reason: 'forbidden' },
  404: { message: 'Requested entity was not found.', reason: 'notFound' },
  429: { message: 'Rate Limit Exceeded', reason: 'rateLimitExceeded', domain: 'usageLimits' },
  500: { message: 'Internal error encountered.', reason: 'backendError' },
  503: { message: 'The service is currently unavailable.', reason: 'backendError' },
};

/** A refusal in Google's API error body. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
    readonly domain = 'global',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ApiError(400, message, 'badRequest');

/** A refusal of the token or revoke endpoint: `{ error, error_description }`. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const badGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

// ---------------------------------------------------------------------------------------------------
// Days

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date, or null if it is not one. */
function dayOf(date: unknown): number | null {
  if (typeof date !== 'string') return null;
  const match = DATE.exec(date);
  if (!match) return null;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY;
  return formatDay(day) === date ? day : null;
}

function formatDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

function monthsBefore(day: number, months: number): number {
  const date = new Date(day * DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, date.getUTCDate()) / DAY;
}

/** Google's daily quotas reset at midnight Pacific time. */
function pacificDate(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
}

// ---------------------------------------------------------------------------------------------------
// searchAnalytics.query

type Dimension = 'date' | 'query' | 'page' | 'country' | 'device' | 'searchAppearance';

const DIMENSIONS: Record<string, Dimension> = {
  date: 'date',
  query: 'query',
  page: 'page',
  country: 'country',
  device: 'device',
  searchappearance: 'searchAppearance',
};
const SEARCH_TYPES = new Set(['web', 'image', 'video', 'news', 'discover', 'googlenews']);

/** Google takes both the REST spelling ('notContains') and the enum's ('NOT_CONTAINS'). */
const normalise = (value: string) => value.toLowerCase().replace(/_/g, '');

interface RowFilter {
  dimension: Exclude<Dimension, 'date'>;
  /** True when a value passes the operator's positive test (contains, equals, includingRegex). */
  matches(value: string): boolean;
  /** notContains, notEquals, excludingRegex: the row passes when no value matches. */
  negated: boolean;
}

interface AnalyticsQuery {
  firstDay: number;
  lastDay: number;
  dimensions: Dimension[];
  filters: RowFilter[];
  rowLimit: number;
  startRow: number;
  includeFresh: boolean;
  hasData: boolean;
  byPage: boolean;
}

function parseFilter(filter: unknown, where: string): RowFilter {
  if (typeof filter !== 'object' || filter === null) throw invalid(`Invalid value at '${where}'.`);
  const {
    dimension: rawDimension,
    operator: rawOperator = 'equals',
    expression,
  } = filter as Record<string, unknown>;
  const dimension = typeof rawDimension === 'string' ? DIMENSIONS[normalise(rawDimension)] : undefined;
  if (!dimension || dimension === 'date')
    throw invalid(`Invalid value at '${where}.dimension' (${String(rawDimension)}).`);
  if (typeof expression !== 'string') throw invalid(`Missing required field '${where}.expression'.`);
  const operator = typeof rawOperator === 'string' ? normalise(rawOperator) : '';
  const folded = expression.toLowerCase();
  const regex = () => {
    const caseless = expression.startsWith('(?i)');
    try {
      return new RegExp(caseless ? expression.slice(4) : expression, caseless ? 'iu' : 'u');
    } catch {
      throw invalid(`Invalid regular expression at '${where}.expression': ${expression}`);
    }
  };
  switch (operator) {
    case 'equals':
    case 'notequals':
      return {
        dimension,
        matches: (value) => value.toLowerCase() === folded,
        negated: operator === 'notequals',
      };
    case 'contains':
    case 'notcontains':
      return {
        dimension,
        matches: (value) => value.toLowerCase().includes(folded),
        negated: operator === 'notcontains',
      };
    case 'includingregex':
    case 'excludingregex': {
      const pattern = regex();
      return { dimension, matches: (value) => pattern.test(value), negated: operator === 'excludingregex' };
    }
    default:
      throw invalid(`Invalid value at '${where}.operator' (${String(rawOperator)}).`);
  }
}

function parseAnalyticsQuery(
  body: unknown,
  data: { lastDay: number; freshDays: number },
): { query: AnalyticsQuery; aggregation: 'byPage' | 'byProperty' } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('The request body must be a JSON object.');
  const request = body as Record<string, unknown>;
  if (request.startDate === undefined) throw invalid("Missing required field 'startDate'.");
  if (request.endDate === undefined) throw invalid("Missing required field 'endDate'.");
  const startDay = dayOf(request.startDate);
  const endDay = dayOf(request.endDate);
  if (startDay === null) throw invalid(`Invalid value at 'start_date' (${String(request.startDate)}).`);
  if (endDay === null) throw invalid(`Invalid value at 'end_date' (${String(request.endDate)}).`);
  if (startDay > endDay) throw invalid('startDate must be less than or equal to endDate.');

  const dimensions: Dimension[] = [];
  if (request.dimensions !== undefined && !Array.isArray(request.dimensions))
    throw invalid("Invalid value at 'dimensions'.");
  for (const [i, raw] of ((request.dimensions as unknown[] | undefined) ?? []).entries()) {
    const dimension = typeof raw === 'string' ? DIMENSIONS[normalise(raw)] : undefined;
    if (!dimension) throw invalid(`Invalid value at 'dimensions[${i}]' (${String(raw)}).`);
    if (dimensions.includes(dimension)) throw invalid(`Dimension '${dimension}' is repeated.`);
    dimensions.push(dimension);
  }
  if (dimensions.includes('searchAppearance') && dimensions.length > 1)
    throw invalid('searchAppearance cannot be grouped with other dimensions; filter by it instead.');

  const filters: RowFilter[] = [];
  const groups = request.dimensionFilterGroups ?? [];
  if (!Array.isArray(groups)) throw invalid("Invalid value at 'dimension_filter_groups'.");
  for (const [g, group] of groups.entries()) {
    const where = `dimension_filter_groups[${g}]`;
    if (typeof group !== 'object' || group === null) throw invalid(`Invalid value at '${where}'.`);
    const { groupType = 'and', filters: groupFilters = [] } = group as Record<string, unknown>;
    if (typeof groupType !== 'string' || normalise(groupType) !== 'and')
      throw invalid(
        `Invalid value at '${where}.group_type' (${String(groupType)}); only 'and' is supported.`,
      );
    if (!Array.isArray(groupFilters)) throw invalid(`Invalid value at '${where}.filters'.`);
    for (const [f, filter] of groupFilters.entries())
      filters.push(parseFilter(filter, `${where}.filters[${f}]`));
  }

  const integer = (value: unknown, name: string, fallback: number) => {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid(`Invalid value at '${name}'.`);
    return value;
  };
  const rowLimit = integer(request.rowLimit, 'row_limit', 0) || DEFAULT_ROW_LIMIT;
  if (rowLimit < 1 || rowLimit > MAX_ROW_LIMIT)
    throw invalid(
      `rowLimit must be between 1 and ${MAX_ROW_LIMIT.toLocaleString('en-US')}, got ${rowLimit}.`,
    );
  const startRow = integer(request.startRow, 'start_row', 0);
  if (startRow < 0) throw invalid(`startRow must be a non-negative number, got ${startRow}.`);

  const dataState = normalise(String(request.dataState ?? 'final'));
  if (dataState === 'hourlyall')
    throw invalid("dataState 'hourly_all' needs the hour dimension, not served here.");
  if (dataState !== 'final' && dataState !== 'all')
    throw invalid(`Invalid value at 'data_state' (${String(request.dataState)}).`);

  const type = normalise(String(request.type ?? request.searchType ?? 'web'));
  if (!SEARCH_TYPES.has(type))
    throw invalid(`Invalid value at 'type' (${String(request.type ?? request.searchType)}).`);

  const byPage = dimensions.includes('page') || filters.some((filter) => filter.dimension === 'page');
  const aggregationType = normalise(String(request.aggregationType ?? 'auto'));
  if (aggregationType === 'byproperty' && byPage)
    throw invalid('Cannot aggregate by property when grouping or filtering by page; use auto or byPage.');
  if (!['auto', 'bypage', 'byproperty'].includes(aggregationType))
    throw invalid(`Invalid value at 'aggregation_type' (${String(request.aggregationType)}).`);
  const aggregation = aggregationType === 'bypage' || byPage ? 'byPage' : 'byProperty';

  const oldest = monthsBefore(data.lastDay, HISTORY_MONTHS);
  const newest = dataState === 'all' ? data.lastDay : data.lastDay - data.freshDays;
  return {
    query: {
      firstDay: Math.max(startDay, oldest),
      lastDay: Math.min(endDay, newest),
      dimensions,
      filters,
      rowLimit,
      startRow,
      includeFresh: dataState === 'all',
      hasData: type === 'web',
      byPage,
    },
    aggregation,
  };
}

interface Group {
  keys: string[];
  clicks: number;
  impressions: number;
  /** Σ position × impressions, for the weighted mean. */
  weightedPosition: number;
}

function valuesOf(row: GoogleSearchRow, dimension: Exclude<Dimension, 'date'>): string[] {
  if (dimension === 'searchAppearance') return row.searchAppearance ?? [];
  if (dimension === 'query') return row.query === null ? [] : [row.query];
  if (dimension === 'country') return [row.country.toLowerCase()];
  return [row[dimension]];
}

/** The query's groups, folded one day at a time from `rowsOf`. */
function aggregate(query: AnalyticsQuery, rowsOf: (date: string) => GoogleSearchRow[]): Group[] {
  const groups = new Map<string, Group>();
  const leaveOutAnonymized =
    query.dimensions.includes('query') || query.filters.some((filter) => filter.dimension === 'query');
  for (let day = query.firstDay; query.hasData && day <= query.lastDay; day++) {
    const date = formatDay(day);
    for (const row of rowsOf(date)) {
      if (row.query === null && leaveOutAnonymized) continue;
      const kept = query.filters.every((filter) => {
        const matched = valuesOf(row, filter.dimension).some(filter.matches);
        return filter.negated ? !matched : matched;
      });
      if (!kept) continue;
      const keySets = query.dimensions.includes('searchAppearance')
        ? valuesOf(row, 'searchAppearance').map((appearance) => [appearance])
        : [query.dimensions.map((dimension) => (dimension === 'date' ? date : valuesOf(row, dimension)[0]!))];
      for (const keys of keySets) {
        const id = JSON.stringify(keys);
        const group = groups.get(id) ?? { keys, clicks: 0, impressions: 0, weightedPosition: 0 };
        group.clicks += row.clicks;
        group.impressions += row.impressions;
        group.weightedPosition += row.position * row.impressions;
        groups.set(id, group);
      }
    }
  }
  return [...groups.values()]
    .filter((group) => group.impressions > 0)
    .sort(
      (a, b) =>
        b.clicks - a.clicks ||
        b.impressions - a.impressions ||
        (JSON.stringify(a.keys) < JSON.stringify(b.keys) ? -1 : 1),
    );
}

// ---------------------------------------------------------------------------------------------------
// Requests

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** A form or JSON body as an object; undefined when empty; throws SyntaxError on bad JSON. */
function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A user's consent; its refresh and access tokens die with it. */
interface Grant {
  scopes: string[];
  revoked: boolean;
}

interface AccessToken {
  /** Whose quota the calls spend: 'user' (the signed-in account) or the service account's email. */
  identity: string;
  /** Null for the service account's tokens, which have no grant to revoke. */
  grant: Grant | null;
  scopes: string[];
  expiresAt: number;
}

interface AuthorizationCode {
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  offline: boolean;
  expiresAt: number;
}

const token = (prefix: string, bytes = 32) => `${prefix}${randomBytes(bytes).toString('base64url')}`;

export async function startGoogleServer(options: GoogleServerOptions): Promise<GoogleServer> {
  const clientId = options.clientId ?? `${randomInt(1e11, 1e12)}-fixture.apps.googleusercontent.com`;
  const clientSecret = options.clientSecret ?? token('GOCSPX-', 21);
  const lastDay =
    options.lastDay === undefined ? Math.floor(Date.now() / DAY) - 2 : (dayOf(options.lastDay) ?? Number.NaN);
  if (Number.isNaN(lastDay)) throw new Error(`lastDay must be a YYYY-MM-DD date, got ${options.lastDay}`);
  const freshDays = options.freshDays ?? 2;
  const inspectionsPerDay = options.inspectionsPerDay ?? 2_000;
  const permissions = new Map(
    options.properties.map((property) => [property.siteUrl, property.permissionLevel ?? 'siteOwner']),
  );

  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const serviceAccountEmail = 'search-console@sitelens-fixture.iam.gserviceaccount.com';

  const codes = new Map<string, AuthorizationCode>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  const userGrants: Grant[] = [];
  const failures: number[] = [];
  let denyNext = false;
  // Times of accepted searchAnalytics queries, per site and per identity, for the sliding minute.
  const recentQueries = new Map<string, number[]>();
  const inspections = new Map<string, { date: string; count: number }>();

  const issueAccessToken = (identity: string, grant: Grant | null, scopes: string[]) => {
    const accessToken = token('ya29.a0', 96);
    accessTokens.set(accessToken, {
      identity,
      grant,
      scopes,
      expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000,
    });
    return accessToken;
  };

  const fake: GoogleServer = {
    url: '',
    clientId,
    clientSecret,
    serviceAccountKey: {},
    requests: [],
    expireAccessTokens() {
      for (const accessToken of accessTokens.values()) accessToken.expiresAt = 0;
    },
    revokeGrant() {
      for (const grant of userGrants) grant.revoked = true;
    },
    removePermission(siteUrl) {
      permissions.delete(siteUrl);
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    denyConsent() {
      denyNext = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  // -------------------------------------------------------------------------------------------------
  // OAuth 2.0

  /** Google's consent-screen error page: shown to the user, not redirected. */
  const errorPage = (response: ServerResponse, status: number, error: string, detail: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Error ${status}: ${escapeHtml(error)}</title>` +
        `<h1>Access blocked: authorization error</h1><p>Error ${status}: ${escapeHtml(error)}</p><p>${escapeHtml(detail)}</p>`,
    );
    return status;
  };

  const authorize = (query: URLSearchParams, response: ServerResponse): number => {
    const given = (name: string) => query.get(name) ?? '';
    if (!query.has('client_id'))
      return errorPage(response, 400, 'invalid_request', 'Missing required parameter: client_id');
    if (given('client_id') !== clientId)
      return errorPage(response, 401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = given('redirect_uri');
    if (!redirectUri)
      return errorPage(response, 400, 'invalid_request', 'Missing required parameter: redirect_uri');
    if (
      !/^https?:\/\//.test(redirectUri) ||
      (options.redirectUris && !options.redirectUris.includes(redirectUri))
    )
      return errorPage(
        response,
        400,
        'redirect_uri_mismatch',
        `redirect_uri=${redirectUri} is not registered for this client.`,
      );
    if (!query.has('response_type'))
      return errorPage(response, 400, 'invalid_request', 'Missing required parameter: response_type');
    if (given('response_type') !== 'code')
      return errorPage(
        response,
        400,
        'unsupported_response_type',
        `Invalid response_type: ${given('response_type')}`,
      );
    const scopes = given('scope').split(/\s+/).filter(Boolean);
    if (scopes.length === 0)
      return errorPage(response, 400, 'invalid_request', 'Missing required parameter: scope');
    if (!scopes.includes(READONLY_SCOPE) && !scopes.includes(FULL_SCOPE))
      return errorPage(
        response,
        400,
        'invalid_scope',
        `This fixture grants Search Console access only; ask for ${READONLY_SCOPE}.`,
      );
    if (!given('code_challenge'))
      return errorPage(response, 400, 'invalid_request', 'Missing required parameter: code_challenge (PKCE)');
    if (given('code_challenge_method') !== 'S256')
      return errorPage(response, 400, 'invalid_request', 'code_challenge_method must be S256.');

    const callback = new URL(redirectUri);
    if (denyNext) {
      denyNext = false;
      callback.searchParams.set('error', 'access_denied');
      if (query.has('state')) callback.searchParams.set('state', given('state'));
    } else {
      const code = token('4/0A', 48);
      codes.set(code, {
        redirectUri,
        codeChallenge: given('code_challenge'),
        scopes,
        offline: given('access_type') === 'offline',
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      if (query.has('state')) callback.searchParams.set('state', given('state'));
      callback.searchParams.set('code', code);
      callback.searchParams.set('scope', scopes.join(' '));
    }
    response.writeHead(302, { location: callback.href });
    response.end();
    return 302;
  };

  /** The client's credentials, from the body (client_secret_post) or HTTP Basic. */
  const authenticateClient = (fields: Record<string, string>, authorization: string | undefined) => {
    let id = fields.client_id;
    let secret = fields.client_secret;
    const basic = authorization?.match(/^Basic\s+(.+)$/i)?.[1];
    if (basic) {
      const [user = '', password = ''] = Buffer.from(basic, 'base64').toString().split(':');
      id = decodeURIComponent(user);
      secret = decodeURIComponent(password);
    }
    if (!id) throw new OAuthError(400, 'invalid_request', 'Could not determine client ID from request.');
    if (id !== clientId) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (secret !== clientSecret) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  };

  const exchangeCode = (fields: Record<string, string>) => {
    if (!fields.code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
    const code = codes.get(fields.code);
    // Single use: a second exchange of the same code fails like an unknown one.
    codes.delete(fields.code);
    if (!code || code.expiresAt < Date.now()) throw badGrant('Bad Request');
    if (fields.redirect_uri !== code.redirectUri)
      throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (!fields.code_verifier) throw badGrant('Missing code verifier.');
    const challenge = createHash('sha256').update(fields.code_verifier).digest('base64url');
    if (challenge !== code.codeChallenge) throw badGrant('Invalid code verifier.');
    const grant: Grant = { scopes: code.scopes, revoked: false };
    userGrants.push(grant);
    const answer: Record<string, unknown> = {
      access_token: issueAccessToken('user', grant, code.scopes),
      expires_in: TOKEN_LIFETIME_S,
      scope: code.scopes.join(' '),
      token_type: 'Bearer',
    };
    if (code.offline) {
      const refreshToken = token('1//0g', 72);
      refreshTokens.set(refreshToken, grant);
      answer.refresh_token = refreshToken;
    }
    return answer;
  };

  const refresh = (fields: Record<string, string>) => {
    if (!fields.refresh_token)
      throw new OAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = refreshTokens.get(fields.refresh_token);
    if (!grant || grant.revoked) throw badGrant('Token has been expired or revoked.');
    return {
      access_token: issueAccessToken('user', grant, grant.scopes),
      expires_in: TOKEN_LIFETIME_S,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    };
  };

  /** RFC 7523: the service account's signed assertion, checked as Google checks it. */
  const exchangeAssertion = (fields: Record<string, string>) => {
    const parts = (fields.assertion ?? '').split('.');
    if (parts.length !== 3) throw new OAuthError(400, 'invalid_request', 'Missing or malformed assertion.');
    const [header, payload, signature] = parts as [string, string, string];
    let claims: Record<string, unknown>;
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
      if (head.alg !== 'RS256') throw badGrant('Invalid JWT Signature.');
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      throw badGrant('Invalid JWT Signature.');
    }
    if (claims.iss !== serviceAccountEmail) throw badGrant('Invalid grant: account not found');
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) throw badGrant('Invalid JWT Signature.');
    if (claims.aud !== GOOGLE_TOKEN_URL && claims.aud !== `${fake.url}/token`)
      throw badGrant(`Invalid JWT: Failed audience check. The expected audience is ${fake.url}/token.`);
    const now = Date.now() / 1000;
    const { iat, exp } = claims;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= iat ||
      exp - iat > 3600 ||
      iat > now + 300 ||
      exp < now
    )
      throw badGrant(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    if (claims.sub !== undefined && claims.sub !== serviceAccountEmail)
      throw new OAuthError(
        401,
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      );
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(/\s+/).filter(Boolean) : [];
    if (scopes.length === 0)
      throw new OAuthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    return {
      access_token: issueAccessToken(serviceAccountEmail, null, scopes),
      expires_in: TOKEN_LIFETIME_S,
      token_type: 'Bearer',
    };
  };

  const tokenAnswer = (fields: Record<string, string>, authorization: string | undefined) => {
    const grantType = fields.grant_type;
    if (!grantType) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: grant_type');
    if (grantType === JWT_BEARER) return exchangeAssertion(fields);
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
    authenticateClient(fields, authorization);
    return grantType === 'authorization_code' ? exchangeCode(fields) : refresh(fields);
  };

  const revoke = (given: string | undefined) => {
    if (!given) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: token');
    const grant = refreshTokens.get(given) ?? accessTokens.get(given)?.grant;
    if (grant) grant.revoked = true;
    else if (accessTokens.has(given)) accessTokens.delete(given);
    else throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
    return {};
  };

  // -------------------------------------------------------------------------------------------------
  // Search Console API

  /** The caller's token, or Google's 401 (with the header Google sends). */
  const authenticate = (authorization: string | undefined): AccessToken => {
    const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer)
      throw new ApiError(
        401,
        `Request is missing required authentication credential. ${AUTH_HELP}`,
        'required',
        'global',
        { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
      );
    const accessToken = accessTokens.get(bearer);
    if (!accessToken || accessToken.expiresAt <= Date.now() || accessToken.grant?.revoked)
      throw new ApiError(
        401,
        `Request had invalid authentication credentials. ${AUTH_HELP}`,
        'authError',
        'global',
        {
          'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
        },
      );
    if (!accessToken.scopes.includes(READONLY_SCOPE) && !accessToken.scopes.includes(FULL_SCOPE))
      throw new ApiError(
        403,
        'Request had insufficient authentication scopes.',
        'insufficientPermissions',
        'global',
        {
          'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${READONLY_SCOPE} ${FULL_SCOPE}"`,
        },
      );
    return accessToken;
  };

  /** Whether the property's data can be read (unverified users see it listed, not its data). */
  const readable = (siteUrl: string) => {
    const level = permissions.get(siteUrl);
    return level !== undefined && level !== 'siteUnverifiedUser';
  };

  const requirePermission = (siteUrl: string) => {
    if (!readable(siteUrl))
      throw new ApiError(
        403,
        `User does not have sufficient permission for site '${siteUrl}'. ${PERMISSION_HELP}`,
        'forbidden',
      );
  };

  /** A sliding minute per site and per identity; only accepted queries are counted. */
  const spendQueryQuota = (siteUrl: string, identity: string) => {
    const limit = options.queriesPerMinute;
    if (limit === undefined) return;
    const now = Date.now();
    const windows = [`site:${siteUrl}`, `user:${identity}`].map((key) => {
      const times = (recentQueries.get(key) ?? []).filter((at) => now - at < 60_000);
      recentQueries.set(key, times);
      return times;
    });
    if (windows.some((times) => times.length >= limit))
      throw new ApiError(429, 'Rate Limit Exceeded', 'rateLimitExceeded', 'usageLimits', {
        'retry-after': '60',
      });
    for (const times of windows) times.push(now);
  };

  const spendInspectionQuota = (siteUrl: string) => {
    const today = pacificDate();
    const spent = inspections.get(siteUrl);
    const count = spent?.date === today ? spent.count : 0;
    if (count >= inspectionsPerDay)
      throw new ApiError(
        429,
        `Quota exceeded for URL inspections of '${siteUrl}': ${inspectionsPerDay} a day per property.`,
        'quotaExceeded',
        'usageLimits',
      );
    inspections.set(siteUrl, { date: today, count: count + 1 });
  };

  /** The property's home page: the URL-prefix itself, or https:// and the domain. */
  const homeOf = (siteUrl: string) =>
    siteUrl.startsWith('sc-domain:') ? `https://${siteUrl.slice('sc-domain:'.length)}/` : siteUrl;

  const sitemapsOf = (siteUrl: string): GoogleSitemap[] =>
    options.sitemaps?.(siteUrl) ?? [
      {
        path: `${homeOf(siteUrl)}sitemap.xml`,
        lastSubmitted: `${formatDay(lastDay - 30)}T08:00:00.000Z`,
        lastDownloaded: `${formatDay(lastDay)}T06:00:00.000Z`,
        isPending: false,
        isSitemapsIndex: false,
        type: 'sitemap',
        warnings: '0',
        errors: '0',
        contents: [{ type: 'web', submitted: '25', indexed: '0' }],
      },
    ];

  const inProperty = (siteUrl: string, url: string) => {
    if (!siteUrl.startsWith('sc-domain:')) return url.startsWith(siteUrl);
    const domain = siteUrl.slice('sc-domain:'.length).toLowerCase();
    try {
      const { protocol, hostname } = new URL(url);
      return /^https?:$/.test(protocol) && (hostname === domain || hostname.endsWith(`.${domain}`));
    } catch {
      return false;
    }
  };

  const inspect = (body: unknown) => {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const { inspectionUrl, siteUrl } = request;
    if (typeof inspectionUrl !== 'string' || !inspectionUrl)
      throw invalid("Missing required field 'inspectionUrl'.");
    if (typeof siteUrl !== 'string' || !siteUrl) throw invalid("Missing required field 'siteUrl'.");
    if (!readable(siteUrl) || !inProperty(siteUrl, inspectionUrl))
      throw new ApiError(403, INSPECTION_DENIED, 'forbidden');
    spendInspectionQuota(siteUrl);
    const home = new URL(inspectionUrl).origin;
    const indexStatusResult: Partial<IndexStatusResult> = {
      verdict: 'PASS',
      coverageState: 'Submitted and indexed',
      robotsTxtState: 'ALLOWED',
      indexingState: 'INDEXING_ALLOWED',
      lastCrawlTime: `${formatDay(lastDay)}T06:12:45Z`,
      pageFetchState: 'SUCCESSFUL',
      googleCanonical: inspectionUrl,
      userCanonical: inspectionUrl,
      crawledAs: 'MOBILE',
      sitemap: [sitemapsOf(siteUrl)[0]?.path ?? `${homeOf(siteUrl)}sitemap.xml`],
      ...(inspectionUrl === `${home}/` ? {} : { referringUrls: [`${home}/`] }),
      ...options.inspect?.(siteUrl, inspectionUrl),
    };
    return {
      inspectionResult: {
        inspectionResultLink: `https://search.google.com/search-console/inspect?resource_id=${encodeURIComponent(siteUrl)}&id=${randomBytes(16).toString('base64url')}&utm_medium=link&utm_source=api`,
        indexStatusResult,
        mobileUsabilityResult: { verdict: 'PASS' },
      },
    };
  };

  const searchAnalytics = (siteUrl: string, body: unknown) => {
    const { query, aggregation } = parseAnalyticsQuery(body, { lastDay, freshDays });
    const groups = aggregate(query, (date) => options.rows(siteUrl, date));
    const page = groups.slice(query.startRow, query.startRow + query.rowLimit);
    const answer: Record<string, unknown> = {};
    if (page.length > 0)
      answer.rows = page.map((group) => ({
        ...(query.dimensions.length > 0 ? { keys: group.keys } : {}),
        clicks: group.clicks,
        impressions: group.impressions,
        ctr: group.clicks / group.impressions,
        position: group.weightedPosition / group.impressions,
      }));
    answer.responseAggregationType = aggregation;
    const firstFresh = lastDay - freshDays + 1;
    if (query.includeFresh && query.dimensions.includes('date') && query.lastDay >= firstFresh)
      answer.metadata = { firstIncompleteDate: formatDay(Math.max(firstFresh, query.firstDay)) };
    return answer;
  };

  const SITE = /^\/webmasters\/v3\/sites\/([^/]+)(\/.*)?$/;

  /** The API's answer for a route, or null when there is no such method. */
  const route = (method: string, path: string): ((body: unknown, identity: string) => unknown) | null => {
    if (method === 'GET' && path === '/webmasters/v3/sites')
      return () => {
        const siteEntry = [...permissions].map(([siteUrl, permissionLevel]) => ({
          siteUrl,
          permissionLevel,
        }));
        return siteEntry.length > 0 ? { siteEntry } : {};
      };
    if (method === 'POST' && decodeURIComponent(path) === '/v1/urlInspection/index:inspect') return inspect;
    const match = SITE.exec(path);
    if (!match) return null;
    const siteUrl = decodeURIComponent(match[1]!);
    const rest = match[2] ?? '';
    if (method === 'GET' && rest === '')
      return () => {
        const permissionLevel = permissions.get(siteUrl);
        if (!permissionLevel) requirePermission(siteUrl);
        return { siteUrl, permissionLevel };
      };
    if (method === 'GET' && rest === '/sitemaps')
      return () => {
        requirePermission(siteUrl);
        const sitemap = sitemapsOf(siteUrl);
        return sitemap.length > 0 ? { sitemap } : {};
      };
    const sitemap = /^\/sitemaps\/([^/]+)$/.exec(rest);
    if (method === 'GET' && sitemap)
      return () => {
        requirePermission(siteUrl);
        const feedpath = decodeURIComponent(sitemap[1]!);
        const found = sitemapsOf(siteUrl).find((entry) => entry.path === feedpath);
        if (!found) throw new ApiError(404, 'Sitemap not found.', 'notFound');
        return found;
      };
    if (method === 'POST' && rest === '/searchAnalytics/query')
      return (body, identity) => {
        requirePermission(siteUrl);
        spendQueryQuota(siteUrl, identity);
        return searchAnalytics(siteUrl, body);
      };
    return null;
  };

  // -------------------------------------------------------------------------------------------------
  // HTTP

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    record: RecordedGoogleRequest,
  ) => {
    const sendJson = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
      return status;
    };
    const apiError = (error: ApiError) =>
      sendJson(
        error.status,
        {
          error: {
            code: error.status,
            message: error.message,
            errors: [{ message: error.message, domain: error.domain, reason: error.reason }],
            status: STATUS_NAMES[error.status] ?? 'UNKNOWN',
          },
        },
        error.headers,
      );
    const oauthError = (error: OAuthError) =>
      sendJson(
        error.status,
        { error: error.error, error_description: error.description },
        { 'cache-control': 'no-store' },
      );

    const url = new URL(request.url ?? '/', 'http://fixture');
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    let body: unknown;
    try {
      body = parseBody(text, request.headers['content-type']);
    } catch {
      record.body = text;
      return apiError(new ApiError(400, 'Invalid JSON payload received.', 'parseError'));
    }
    record.body = body;
    const fields = Object.fromEntries(
      Object.entries((typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>).map(
        ([name, value]) => [name, String(value)],
      ),
    );

    if (url.pathname === '/o/oauth2/v2/auth' && method === 'GET')
      return authorize(url.searchParams, response);
    if (url.pathname === '/token' && method === 'POST') {
      try {
        return sendJson(200, tokenAnswer(fields, request.headers.authorization), {
          'cache-control': 'no-store',
        });
      } catch (error) {
        if (error instanceof OAuthError) return oauthError(error);
        throw error;
      }
    }
    if (url.pathname === '/revoke' && (method === 'POST' || method === 'GET')) {
      try {
        return sendJson(200, revoke(url.searchParams.get('token') ?? fields.token));
      } catch (error) {
        if (error instanceof OAuthError) return oauthError(error);
        throw error;
      }
    }

    try {
      const handler = route(method, url.pathname);
      if (!handler) throw new ApiError(404, 'Method not found.', 'notFound');
      const forced = failures.shift();
      if (forced !== undefined) {
        const stock = STOCK_ERRORS[forced] ?? { message: `HTTP ${forced}`, reason: 'backendError' };
        throw new ApiError(forced, stock.message, stock.reason, stock.domain);
      }
      const { identity } = authenticate(request.headers.authorization);
      return sendJson(200, handler(body, identity));
    } catch (error) {
      if (error instanceof ApiError) return apiError(error);
      if (error instanceof URIError)
        return apiError(invalid('The site URL in the path is not URL-encoded correctly.'));
      throw error;
    }
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const record: RecordedGoogleRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: undefined,
      at: Date.now(),
      status: null,
    };
    fake.requests.push(record);
    try {
      record.status = await answer(request, response, record);
    } catch (error) {
      record.status = 500;
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            error: {
              code: 500,
              message: `The fixture failed: ${(error as Error).message}`,
              errors: [{ message: 'Internal error encountered.', domain: 'global', reason: 'backendError' }],
              status: 'INTERNAL',
            },
          }),
        );
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.serviceAccountKey = {
    type: 'service_account',
    project_id: 'sitelens-fixture',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: serviceAccountEmail,
    client_id: String(randomInt(1e11, 1e12)),
    auth_uri: `${fake.url}/o/oauth2/auth`,
    token_uri: `${fake.url}/token`,
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(serviceAccountEmail)}`,
    universe_domain: 'googleapis.com',
  };
  return fake;
}

// `node --import tsx apps/server/src/test/google-server.ts [--port 8791] [--site https://example.com/]`
// starts one for manual demos, with a few hundred made-up rows a day for the site.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const siteUrl = arg('site') ?? 'https://example.com/';
  const home = siteUrl.startsWith('sc-domain:') ? `https://${siteUrl.slice(10)}/` : siteUrl;
  const words = ['coffee', 'beans', 'grinder', 'espresso', 'roast', 'decaf', 'brew', 'filter'];
  const devices = ['DESKTOP', 'MOBILE', 'TABLET'] as const;
  const countries = ['gbr', 'usa', 'deu', 'fra'];
  startGoogleServer({
    port: Number(arg('port') ?? 8791),
    properties: [{ siteUrl }],
    rows: (_site, date) => {
      const seed = Number(date.replace(/-/g, ''));
      return Array.from({ length: 300 }, (_, i) => {
        const impressions = 1 + ((seed * 31 + i * 17) % 90);
        return {
          date,
          query: i % 10 === 9 ? null : `${words[i % 8]} ${words[(i * 3 + 1) % 8]}`,
          page: `${home}${words[i % 5]}`,
          country: countries[i % 4]!,
          device: devices[i % 3]!,
          clicks: Math.floor(impressions / (3 + (i % 7))),
          impressions,
          position: 1 + ((i * 7) % 40),
        };
      });
    },
  }).then((fake) =>
    console.log(`${fake.url}\nclient_id ${fake.clientId}\nclient_secret ${fake.clientSecret}`),
  );
}
