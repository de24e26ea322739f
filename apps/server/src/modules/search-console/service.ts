import { createHash, randomBytes } from 'node:crypto';
import {
  normaliseDomain,
  SEARCH_CONSOLE_MESSAGES,
  type SearchConsoleConnection,
  type SearchConsoleProperty,
  type SearchConsoleState,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import type { Queue } from '../../jobs/queue';
import type { Sealer } from '../../platform/sealed';
import { type Google, GoogleError } from '../../providers/search-console/google';
import { ownedBy } from '../organization/service';
import { credentialOf, DAY_TABLES, googleFailureText, searchConsoleImportJob } from './import';

export interface SearchConsoleDeps {
  database: Database;
  queue: Queue;
  google: Google;
  sealer: Sealer;
  publicUrl: string;
}

/** A consent link works for 10 minutes, once. */
const CONSENT_MINUTES = 10;

interface ConnectionRow {
  website_id: string;
  method: 'oauth' | 'service_account';
  status: SearchConsoleConnection['status'];
  property: string | null;
  problem: string | null;
  refresh_token: Buffer | null;
  created_at: Date;
  import_requested_at: Date | null;
  last_run_at: Date | null;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The organization's website (its domain); another organization's is 404 like an unknown one. */
async function websiteOf(
  query: QueryFn,
  organizationId: string,
  guid: string,
): Promise<{ id: string; domain: string }> {
  const [row] = await query<{ id: string; domain: string }>(
    'select id, domain from websites where id = $1 and organization_id = $2',
    [guid, organizationId],
  );
  if (!row) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  return row;
}

async function connectionOf(query: QueryFn, websiteId: string): Promise<ConnectionRow | null> {
  const [row] = await query<ConnectionRow>(
    `select website_id, method, status, property, problem, refresh_token, created_at, import_requested_at, last_run_at
       from search_console_connections where website_id = $1`,
    [websiteId],
  );
  return row ?? null;
}

/** `GET /api/search-console/{guid}`: what this server offers, and the website's connection and import. */
export async function searchConsoleState(
  deps: SearchConsoleDeps,
  caller: AuthContext,
  guid: string,
): Promise<SearchConsoleState> {
  const website = await websiteOf(deps.database.query, organizationOf(caller), guid);
  const row = await connectionOf(deps.database.query, website.id);
  const base = {
    available: deps.google.available,
    redirect_uri: deps.google.redirectUri,
    service_account_email: deps.google.serviceAccountEmail,
  };
  if (!row) return { ...base, connection: null };
  const [days] = await deps.database.query<{
    days: number;
    provisional: number;
    first_day: string | null;
    last_day: string | null;
  }>(
    `select count(*)::int as days, count(*) filter (where provisional)::int as provisional,
            min(day)::text as first_day, max(day)::text as last_day
       from search_console_days where website_id = $1`,
    [website.id],
  );
  const running =
    row.status === 'connected' &&
    row.import_requested_at !== null &&
    (row.last_run_at === null || row.last_run_at < row.import_requested_at);
  return {
    ...base,
    connection: {
      method: row.method,
      status: row.status,
      property: row.property,
      problem: row.problem,
      connected_at: row.created_at.toISOString(),
      import: {
        days_imported: days?.days ?? 0,
        days_provisional: days?.provisional ?? 0,
        first_day: days?.first_day ?? null,
        last_day: days?.last_day ?? null,
        last_run_at: row.last_run_at?.toISOString() ?? null,
        running,
      },
    },
  };
}

/** `POST /api/search-console/{guid}/oauth/start` (owner): Google's consent page for this website. */
export async function startConsent(deps: SearchConsoleDeps, caller: AuthContext, guid: string) {
  const organizationId = ownedBy(caller);
  const website = await websiteOf(deps.database.query, organizationId, guid);
  if (!deps.google.available.oauth)
    throw new AppError('search_console_not_configured', SEARCH_CONSOLE_MESSAGES.oauthNotConfigured);
  const state = randomBytes(32).toString('base64url');
  const { url, codeVerifier } = await deps.google.consent(state);
  await deps.database.query(
    `insert into search_console_oauth_states (state_hash, website_id, user_id, code_verifier, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashState(state), website.id, caller.userId, deps.sealer.seal(codeVerifier), CONSENT_MINUTES],
  );
  return { authorization_url: url };
}

/** Where Google's redirect lands the owner: the website's Search Console settings, saying how it went. */
const settingsUrl = (deps: SearchConsoleDeps, guid: string | null, outcome: Record<string, string>) => {
  const params = new URLSearchParams({ ...(guid ? { w_guid: guid } : {}), ...outcome });
  return `${deps.publicUrl}/dashboard/settings/search-console?${params}`;
};

/**
 * `GET /api/search-console/oauth/callback`: Google sends the owner back with a code (or a refusal).
 * The state names the consent, once and for 10 minutes; the one who started it must still own the
 * website. The grant replaces an earlier one (revoked at Google); a property already picked stays.
 */
export async function finishConsent(
  deps: SearchConsoleDeps,
  params: { state?: string; code?: string; error?: string },
): Promise<string> {
  const [consent] = params.state
    ? await deps.database.query<{ website_id: string; user_id: string; code_verifier: Buffer }>(
        `delete from search_console_oauth_states where state_hash = $1 and expires_at > now()
          returning website_id, user_id, code_verifier`,
        [hashState(params.state)],
      )
    : [];
  if (!consent) return settingsUrl(deps, null, { search_console_error: 'link_expired' });
  const guid = consent.website_id;
  if (params.error || !params.code)
    return settingsUrl(deps, guid, { search_console_error: 'consent_refused' });
  const [owner] = await deps.database.query<{ organization_id: string }>(
    `select w.organization_id from websites w
       join memberships m on m.organization_id = w.organization_id and m.user_id = $2 and m.role = 'owner'
      where w.id = $1`,
    [guid, consent.user_id],
  );
  const codeVerifier = deps.sealer.open(consent.code_verifier);
  if (!owner || !codeVerifier) return settingsUrl(deps, guid, { search_console_error: 'link_expired' });
  let refreshToken: string;
  try {
    refreshToken = await deps.google.exchange(params.code, codeVerifier);
  } catch {
    return settingsUrl(deps, guid, { search_console_error: 'google_failed' });
  }
  const replaced = await deps.database.transaction(async (query) => {
    const [before] = await query<{ refresh_token: Buffer | null; property: string | null }>(
      'select refresh_token, property from search_console_connections where website_id = $1 for update',
      [guid],
    );
    await query(
      `insert into search_console_connections
         (website_id, organization_id, method, status, property, problem, refresh_token, connected_by, import_requested_at)
       values ($1, $2, 'oauth', 'choose_property', null, null, $3, $4, null)
       on conflict (website_id) do update set
         method = 'oauth', refresh_token = excluded.refresh_token, connected_by = excluded.connected_by,
         problem = null, updated_at = now(),
         status = case when search_console_connections.property is null then 'choose_property' else 'connected' end,
         import_requested_at = case when search_console_connections.property is null then null else now() end`,
      [guid, owner.organization_id, deps.sealer.seal(refreshToken), consent.user_id],
    );
    if (before?.property)
      await deps.queue.send(searchConsoleImportJob, { website_id: guid }, { transaction: query });
    return before?.refresh_token ? deps.sealer.open(before.refresh_token) : null;
  });
  deps.queue.wake(searchConsoleImportJob);
  if (replaced && replaced !== refreshToken) await deps.google.revoke(replaced);
  return settingsUrl(deps, guid, { search_console: 'connected' });
}

/** `POST /api/search-console/{guid}/service-account` (owner): the website reads Google as the operator's service account. */
export async function connectServiceAccount(deps: SearchConsoleDeps, caller: AuthContext, guid: string) {
  const organizationId = ownedBy(caller);
  const website = await websiteOf(deps.database.query, organizationId, guid);
  if (!deps.google.available.service_account)
    throw new AppError('search_console_not_configured', SEARCH_CONSOLE_MESSAGES.serviceAccountNotConfigured);
  const replaced = await deps.database.transaction(async (query) => {
    const [before] = await query<{ refresh_token: Buffer | null }>(
      'select refresh_token from search_console_connections where website_id = $1 for update',
      [website.id],
    );
    await query(
      `insert into search_console_connections (website_id, organization_id, method, status, connected_by)
       values ($1, $2, 'service_account', 'choose_property', $3)
       on conflict (website_id) do update set
         method = 'service_account', status = 'choose_property', property = null, problem = null,
         refresh_token = null, connected_by = excluded.connected_by, import_requested_at = null, updated_at = now()`,
      [website.id, organizationId, caller.userId],
    );
    return before?.refresh_token ? deps.sealer.open(before.refresh_token) : null;
  });
  if (replaced) await deps.google.revoke(replaced);
  return searchConsoleState(deps, caller, guid);
}

/** How well a property covers the website's domain: 3 its domain property, 2 its https prefix, 1 another match, 0 none. */
export function propertyMatch(siteUrl: string, domain: string): number {
  if (siteUrl.startsWith('sc-domain:')) {
    const host = siteUrl.slice('sc-domain:'.length).toLowerCase();
    if (host === domain) return 3;
    return domain.endsWith(`.${host}`) ? 1 : 0;
  }
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return 0;
  }
  const found = normaliseDomain(url.hostname);
  if (!found.ok || found.domain !== domain) return 0;
  return url.pathname === '/' && url.protocol === 'https:' ? 2 : 1;
}

/** The connection a call acts on, with the credential Google is read with. */
async function readableConnection(deps: SearchConsoleDeps, websiteId: string) {
  const row = await connectionOf(deps.database.query, websiteId);
  if (!row) throw new AppError('not_found', SEARCH_CONSOLE_MESSAGES.notConnected);
  const credential = credentialOf(deps.sealer, row);
  if (!credential) throw new AppError('search_console_failed', SEARCH_CONSOLE_MESSAGES.reconnect);
  return { row, client: deps.google.client(credential) };
}

async function sitesOf(deps: SearchConsoleDeps, websiteId: string) {
  const { row, client } = await readableConnection(deps, websiteId);
  try {
    return await client.sites();
  } catch (error) {
    if (error instanceof GoogleError)
      throw new AppError('search_console_failed', googleFailureText(error, row.property));
    throw error;
  }
}

/** `GET /api/search-console/{guid}/properties` (owner): the properties the grant reads, the best match first. */
export async function listProperties(deps: SearchConsoleDeps, caller: AuthContext, guid: string) {
  const website = await websiteOf(deps.database.query, ownedBy(caller), guid);
  const sites = await sitesOf(deps, website.id);
  const properties: (SearchConsoleProperty & { score: number })[] = sites
    .filter((site) => site.permissionLevel !== 'siteUnverifiedUser')
    .map((site) => {
      const score = propertyMatch(site.siteUrl, website.domain);
      return { site_url: site.siteUrl, permission_level: site.permissionLevel, matches: score > 0, score };
    })
    .sort((a, b) => b.score - a.score || a.site_url.localeCompare(b.site_url));
  return {
    properties: properties.map(({ score: _score, ...property }) => property),
    suggested: properties[0]?.matches ? properties[0].site_url : null,
  };
}

/** `PUT /api/search-console/{guid}/property` (owner): the property read; its import starts. */
export async function chooseProperty(
  deps: SearchConsoleDeps,
  caller: AuthContext,
  guid: string,
  siteUrl: string,
) {
  const website = await websiteOf(deps.database.query, ownedBy(caller), guid);
  const sites = await sitesOf(deps, website.id);
  const readable = sites.some(
    (site) => site.siteUrl === siteUrl && site.permissionLevel !== 'siteUnverifiedUser',
  );
  if (!readable) throw fieldError('bad_request', 'site_url', SEARCH_CONSOLE_MESSAGES.unknownProperty);
  await deps.database.transaction(async (query) => {
    const [row] = await query<{ property: string | null }>(
      'select property from search_console_connections where website_id = $1 for update',
      [website.id],
    );
    if (!row) throw new AppError('not_found', SEARCH_CONSOLE_MESSAGES.notConnected);
    // Another property's figures are not this one's: they go before the new import.
    if (row.property !== null && row.property !== siteUrl) await deleteImported(query, website.id);
    await query(
      `update search_console_connections
          set property = $2, status = 'connected', problem = null, import_requested_at = now(), updated_at = now()
        where website_id = $1`,
      [website.id, siteUrl],
    );
    await deps.queue.send(searchConsoleImportJob, { website_id: website.id }, { transaction: query });
  });
  deps.queue.wake(searchConsoleImportJob);
  return searchConsoleState(deps, caller, guid);
}

/** Every figure imported for a website, and the queries and pages they named. */
export async function deleteImported(query: QueryFn, websiteId: string): Promise<void> {
  for (const table of [
    ...DAY_TABLES,
    'search_console_days',
    'search_console_summaries',
    'search_console_queries',
    'search_console_pages',
  ])
    await query(`delete from ${table} where website_id = $1`, [websiteId]);
}

/** `DELETE /api/search-console/{guid}` (owner): the grant goes (revoked at Google); the figures on request. */
export async function disconnect(
  deps: SearchConsoleDeps,
  caller: AuthContext,
  guid: string,
  deleteData: boolean,
) {
  const website = await websiteOf(deps.database.query, ownedBy(caller), guid);
  const removed = await deps.database.transaction(async (query) => {
    const [row] = await query<{ refresh_token: Buffer | null }>(
      'delete from search_console_connections where website_id = $1 returning refresh_token',
      [website.id],
    );
    if (deleteData) await deleteImported(query, website.id);
    return row;
  });
  if (!removed && !deleteData) throw new AppError('not_found', SEARCH_CONSOLE_MESSAGES.notConnected);
  const token = removed?.refresh_token ? deps.sealer.open(removed.refresh_token) : null;
  if (token) await deps.google.revoke(token);
}
