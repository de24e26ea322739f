import { z } from 'zod';
import { CalendarDateSchema, startNotAfterEnd } from './date-range';

// Google Search Console, per tracked website: the connection (an owner's Google grant or the
// operator's service account), the property it reads, and what was imported from it. Every figure
// is Google's own, said to be so; nothing is estimated.

export const SEARCH_CONSOLE_MESSAGES = {
  notConfigured:
    'Google Search Console is not configured on this server. The operator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (a Google OAuth client whose redirect URI is this server’s /api/search-console/oauth/callback), or GOOGLE_SERVICE_ACCOUNT_FILE (a service account added to the properties), and restarts.',
  oauthNotConfigured:
    'Connecting a Google account is not configured on this server: the operator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  serviceAccountNotConfigured:
    'No service account is configured on this server: the operator sets GOOGLE_SERVICE_ACCOUNT_FILE.',
  notConnected: 'Google Search Console is not connected for this website.',
  unknownProperty: 'This Google account cannot read that property. Pick one from the list.',
  consentRefused: 'Google Search Console was not connected: the permission was not given on Google’s page.',
  linkExpired:
    'That connection link has expired or was already used. Start again from the website’s settings.',
  reconnect:
    'Google no longer accepts this website’s Search Console grant (revoked or expired). Reconnect to resume the import.',
  permissionLost: (property: string) =>
    `The Google account can no longer read ${property}. Reconnect with an account that can, or pick another property.`,
  googleUnreachable: 'Google did not answer. Please try again in a few minutes.',
  anonymizedHidden:
    'Google hides rare queries to protect searchers: they count in the totals, not in the query list.',
} as const;

/** How a website reads Search Console: an owner's Google account, or the operator's service account. */
export const SearchConsoleMethodSchema = z.enum(['oauth', 'service_account']);
export type SearchConsoleMethod = z.infer<typeof SearchConsoleMethodSchema>;

/**
 * `choose_property`: connected, no property picked yet; `connected`: importing; `reconnect`: Google
 * refused the grant or the property (the import stopped, `problem` says why).
 */
export const SearchConsoleStatusSchema = z.enum(['choose_property', 'connected', 'reconnect']);

export const SearchConsoleImportSchema = z.object({
  /** Days whose figures are stored, and how many of them Google still revises (the last ones). */
  days_imported: z.number().int(),
  days_provisional: z.number().int(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  /** The end of the last import run, and whether one is queued or running now. */
  last_run_at: z.string().nullable(),
  running: z.boolean(),
});

export const SearchConsoleConnectionSchema = z.object({
  method: SearchConsoleMethodSchema,
  status: SearchConsoleStatusSchema,
  /** The Search Console property read: `sc-domain:example.com` or a URL prefix such as `https://example.com/`. */
  property: z.string().nullable(),
  problem: z.string().nullable(),
  connected_at: z.string(),
  import: SearchConsoleImportSchema,
});
export type SearchConsoleConnection = z.infer<typeof SearchConsoleConnectionSchema>;

/** `GET /api/search-console/{guid}`: what the server offers, and the website's connection. */
export const SearchConsoleStateSchema = z.object({
  available: z.object({ oauth: z.boolean(), service_account: z.boolean() }),
  /** The address Google sends the owner back to: the operator registers it with the OAuth client. */
  redirect_uri: z.string(),
  /** The service account's e-mail, which the owner adds as a user of the property (null: none configured). */
  service_account_email: z.string().nullable(),
  connection: SearchConsoleConnectionSchema.nullable(),
});
export type SearchConsoleState = z.infer<typeof SearchConsoleStateSchema>;

/** `POST /api/search-console/{guid}/oauth/start`: where to send the owner to give the permission. */
export const SearchConsoleAuthorizationSchema = z.object({ authorization_url: z.string() });
export type SearchConsoleAuthorization = z.infer<typeof SearchConsoleAuthorizationSchema>;

/** `GET /api/search-console/oauth/callback`: what Google sends back (the code, or an error). */
export const SearchConsoleCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2_000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2_000).optional(),
});

export const SearchConsolePropertySchema = z.object({
  site_url: z.string(),
  permission_level: z.string(),
  /** The property covers the website's domain. */
  matches: z.boolean(),
});
export type SearchConsoleProperty = z.infer<typeof SearchConsolePropertySchema>;

/** `GET /api/search-console/{guid}/properties`: the properties the grant reads, the best match first. */
export const SearchConsolePropertiesSchema = z.object({
  properties: z.array(SearchConsolePropertySchema),
  suggested: z.string().nullable(),
});
export type SearchConsoleProperties = z.infer<typeof SearchConsolePropertiesSchema>;

/** `PUT /api/search-console/{guid}/property`. */
export const SearchConsolePropertyBodySchema = z.object({ site_url: z.string().trim().min(1).max(2_048) });
export type SearchConsolePropertyBody = z.infer<typeof SearchConsolePropertyBodySchema>;

/** `DELETE /api/search-console/{guid}?delete_data=`: the grant always goes; the imported figures on request. */
export const SearchConsoleDisconnectQuerySchema = z.object({
  delete_data: z.enum(['true', 'false']).default('false'),
});

/** Clicks, impressions, CTR (0–1) and average position (impression-weighted), as Google reports them. */
export const SearchMetricsSchema = z.object({
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number().nullable(),
  position: z.number().nullable(),
});
export type SearchMetrics = z.infer<typeof SearchMetricsSchema>;

/**
 * `GET /api/search-console/{guid}/performance?start_date=&end_date=`; without them, the 28 days up to
 * the newest imported day (and without `start_date`, the 28 days up to `end_date`).
 */
export const SearchPerformanceQuerySchema = z
  .object({ start_date: CalendarDateSchema.optional(), end_date: CalendarDateSchema.optional() })
  .refine(...startNotAfterEnd);
export type SearchPerformanceQuery = z.infer<typeof SearchPerformanceQuerySchema>;

/** A range's top queries and pages by clicks, and the sums of the queries Google names. */
export const SearchRankingSchema = z.object({
  queries: z.array(SearchMetricsSchema.extend({ query: z.string() })),
  pages: z.array(SearchMetricsSchema.extend({ page: z.string() })),
  named: z.object({ clicks: z.number(), impressions: z.number() }),
});
export type SearchRanking = z.infer<typeof SearchRankingSchema>;

export const SearchPerformanceSchema = z.object({
  source: z.literal('google_search_console'),
  property: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  totals: SearchMetricsSchema,
  /** Days Google still revises (its last 2–4) are marked provisional. */
  days: z.array(SearchMetricsSchema.extend({ date: z.string(), provisional: z.boolean() })),
  queries: z.array(SearchMetricsSchema.extend({ query: z.string() })),
  pages: z.array(SearchMetricsSchema.extend({ page: z.string() })),
  /** Clicks and impressions of queries Google hides (in the totals, not in `queries`). */
  anonymized: z.object({ clicks: z.number(), impressions: z.number() }),
});
export type SearchPerformance = z.infer<typeof SearchPerformanceSchema>;
