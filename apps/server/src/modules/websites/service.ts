import {
  type CreateWebsiteBody,
  DEFAULT_MARKET,
  type DomainSetup,
  type DomainSetupOutput,
  MONITOR_REGION_ORDER,
  MONITOR_REGIONS,
  type TrackEventBody,
  type UpdateWebsiteSettingsBody,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteSettings,
  type WebsiteSetupStatus,
  type WebsiteStatus,
} from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import type { Queue } from '../../jobs/queue';
import { hit } from '../../platform/rate-limit';
import { startReport } from '../checkup/service';
import { recrawlTask } from '../deep-analysis/recrawl';
import { ownedBy } from '../organization/service';
import { type PlanLimits, planAllows } from '../sales/plan-limits';
import { domainSetupJob } from './jobs';

export interface WebsitesDeps {
  database: Database;
  queue: Queue;
  planLimits: PlanLimits;
  /** Whether a keyword and backlink data source is configured (the setup's suggestions come from it). */
  seoDataConfigured?: boolean;
}

/** Domain setups an organization may start per window: each one fetches from the site. */
const SETUP_RATE = { max: 30, windowSeconds: 600 };
const limitSetups = (deps: WebsitesDeps, organizationId: string) =>
  hit(deps.database, [`domain-setup:org:${organizationId}`], SETUP_RATE);

interface WebsiteRow {
  id: string;
  domain: string;
  homepage_url: string;
  status: WebsiteStatus;
  error: string | null;
  settings: WebsiteSettings;
  sitemap_urls: string[];
  import_sitemaps_started_at: Date | null;
  created_at: Date;
  score: number | null;
  report_id: string | null;
  scored_at: Date | null;
  keywords: string[];
  discovered_urls: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// The latest finished checkup of the homepage gives the website its SEO score.
const WEBSITE_SELECT = `
  select w.id, w.domain, w.homepage_url, w.status, w.error, w.settings, w.sitemap_urls,
         w.import_sitemaps_started_at, w.created_at, s.score, s.report_id, s.scored_at,
         coalesce((select json_agg(k.keyword order by k.position, k.keyword)
                     from website_keywords k where k.website_id = w.id), '[]'::json) as keywords,
         (select count(*)::int from serviceable_urls u where u.website_id = w.id) as discovered_urls
    from websites w
    left join lateral (
      select (t.overview->>'score')::int as score, r.id as report_id, t.finished_at as scored_at
        from reports r join report_targets t on t.report_id = r.id and t.role = 'main'
       where r.organization_id = w.organization_id and md5(r.url) = md5(w.homepage_url) and r.url = w.homepage_url
         and t.status = 'done' and t.overview is not null
       order by t.finished_at desc nulls last
       limit 1
    ) s on true`;

function toWebsite(row: WebsiteRow): Website {
  return {
    guid: row.id,
    domain: row.domain,
    homepage_url: row.homepage_url,
    c_at: iso(row.created_at),
    status: row.status,
    // The URLs Deep Analysis monitors for the site: imported, typed in or found by its crawl.
    discovered_urls: row.discovered_urls,
    on_page_seo:
      row.score === null || row.report_id === null || row.scored_at === null
        ? null
        : { score: row.score, c_at: iso(row.scored_at), report_guid: row.report_id },
    sitemap_urls: row.sitemap_urls,
    settings: row.settings,
    keywords: row.keywords,
  };
}

/** `GET /api/website-index`: the organization's websites, oldest first (the tab order). */
export async function listWebsites(deps: WebsitesDeps, caller: AuthContext): Promise<Website[]> {
  const rows = await deps.database.query<WebsiteRow>(
    `${WEBSITE_SELECT} where w.organization_id = $1 order by w.created_at, w.id`,
    [organizationOf(caller)],
  );
  return rows.map(toWebsite);
}

/** `GET /api/website-index/favicons`: where each website's icon is served, in tab order. */
export async function listFavicons(deps: WebsitesDeps, caller: AuthContext) {
  const rows = await deps.database.query<{ id: string; domain: string }>(
    'select id, domain from websites where organization_id = $1 order by created_at, id',
    [organizationOf(caller)],
  );
  return rows.map(({ id, domain }) => ({
    guid: id,
    domain,
    favicon_url: `/api/website-index/favicon/${id}`,
  }));
}

async function findWebsite(query: QueryFn, organizationId: string, guid: string): Promise<WebsiteRow> {
  const [row] = await query<WebsiteRow>(`${WEBSITE_SELECT} where w.id = $1 and w.organization_id = $2`, [
    guid,
    organizationId,
  ]);
  if (!row) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  return row;
}

/** `GET /api/website-index/{guid}`; another organization's guid is 404. */
export async function getWebsite(deps: WebsitesDeps, caller: AuthContext, guid: string): Promise<Website> {
  return toWebsite(await findWebsite(deps.database.query, organizationOf(caller), guid));
}

/** Host of a URL without a leading www., for "does this URL belong to the domain". */
const bareHost = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** Lower-cased competitor URLs, duplicates and the homepage's own host dropped. */
function cleanCompetitors(competitors: string[], homepageUrl: string): string[] {
  const own = bareHost(homepageUrl);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of competitors) {
    const url = new URL(raw).href;
    if (bareHost(url) === own || seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

/** Locks the organization row: every limit check after it counts with the rows of committed creates. */
export const lockOrganization = (query: QueryFn, organizationId: string) =>
  query('select 1 from organizations where id = $1 for update', [organizationId]);

/**
 * Locks a website's row: every writer of its Deep Analysis URLs and processes takes it first, so
 * they never deadlock and count its URLs one at a time.
 */
export const lockWebsite = (query: QueryFn, websiteId: string) =>
  query('select 1 from websites where id = $1 for update', [websiteId]);

async function checkSettingsLimits(
  deps: WebsitesDeps,
  query: QueryFn,
  organizationId: string,
  settings: Partial<WebsiteSettings>,
): Promise<void> {
  if (settings.competitors?.length)
    await deps.planLimits.requireBelow(
      query,
      organizationId,
      'max_competitors',
      settings.competitors.length - 1,
      {
        field: 'settings.competitors',
        message: (max) => planAllows(max, 'competitors per website'),
      },
    );
  if (settings.regions?.length)
    await deps.planLimits.requireBelow(
      query,
      organizationId,
      'max_monitored_regions',
      settings.regions.length - 1,
      {
        field: 'settings.regions',
        message: (max) => planAllows(max, 'monitoring regions per website'),
      },
    );
}

export async function keywordsInUse(query: QueryFn, organizationId: string): Promise<number> {
  const [row] = await query<{ count: string }>(
    'select count(*) as count from website_keywords where organization_id = $1',
    [organizationId],
  );
  return Number(row?.count ?? 0);
}

/**
 * max_keywords counts across the organization: room for `count` more, checked inside the
 * transaction that inserts them after the organization's lock, so concurrent adds count one by one.
 */
export async function requireRoomForKeywords(
  deps: WebsitesDeps,
  query: QueryFn,
  organizationId: string,
  count: number,
): Promise<void> {
  if (count === 0) return;
  const max = await deps.planLimits.limit(query, organizationId, 'max_keywords');
  const allowed = Math.max(0, max - (await keywordsInUse(query, organizationId)));
  if (allowed === 0) throw fieldError('forbidden', 'keywords', WEBSITE_MESSAGES.keywordsAtLimit(max));
  if (count > allowed) throw fieldError('forbidden', 'keywords', WEBSITE_MESSAGES.keywordsExceeded);
}

/** Inserts a website's keywords in one market, numbered from `start`; one already tracked is kept. */
export async function insertKeywords(
  query: QueryFn,
  target: { websiteId: string; organizationId: string; location_name: string; language_code: string },
  keywords: string[],
  start: number,
): Promise<void> {
  for (const [index, keyword] of keywords.entries()) {
    await query(
      `insert into website_keywords (website_id, organization_id, keyword, location_name, language_code, position)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [
        target.websiteId,
        target.organizationId,
        keyword,
        target.location_name,
        target.language_code,
        start + index,
      ],
    );
  }
}

async function websiteCount(query: QueryFn, organizationId: string): Promise<number> {
  const [row] = await query<{ count: string }>(
    'select count(*) as count from websites where organization_id = $1',
    [organizationId],
  );
  return Number(row?.count ?? 0);
}

/** The plan's tracked-website limit, with the spec's text: 'Looks like you've hit your domain limit!'. */
async function requireRoomForWebsite(
  deps: WebsitesDeps,
  query: QueryFn,
  organizationId: string,
): Promise<void> {
  await deps.planLimits.requireBelow(
    query,
    organizationId,
    'max_tracked_websites',
    await websiteCount(query, organizationId),
    { field: 'domain', message: () => WEBSITE_MESSAGES.domainLimit },
  );
}

async function requireNotTracked(
  query: QueryFn,
  organizationId: string,
  domain: string,
  message: string = WEBSITE_MESSAGES.alreadyMonitored,
): Promise<void> {
  const [row] = await query('select 1 from websites where organization_id = $1 and domain = $2', [
    organizationId,
    domain,
  ]);
  if (row) throw fieldError('conflict', 'domain', message);
}

/** `GET /api/website-index/validate-domain`: the normalised domain, if it can be added. */
export async function validateDomain(
  deps: WebsitesDeps,
  caller: AuthContext,
  domain: string,
): Promise<{ domain: string; valid: true }> {
  const organizationId = organizationOf(caller);
  await requireNotTracked(deps.database.query, organizationId, domain);
  await requireRoomForWebsite(deps, deps.database.query, organizationId);
  return { domain, valid: true };
}

function requireOnDomain(url: string, domain: string, field: string): void {
  if (bareHost(url) !== domain)
    throw fieldError('bad_request', field, `${field}: The homepage must be on ${domain}`);
}

/**
 * `POST /api/website-index`: the wizard's website with its settings and keywords, every plan limit
 * checked under the organization's lock so concurrent adds count one by one. With `start_analysis`
 * the homepage checkup starts after the website exists, and an onboarding finish is recorded.
 */
export async function createWebsite(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: CreateWebsiteBody,
): Promise<Website & { report_guid: string | null; analysis_error: string | null }> {
  const organizationId = organizationOf(caller);
  const homepageUrl = new URL(body.homepage_url).href;
  requireOnDomain(homepageUrl, body.domain, 'homepage_url');
  const settings: WebsiteSettings = {
    ...body.settings,
    competitors: cleanCompetitors(body.settings.competitors, homepageUrl),
  };
  const keywords = [...new Set(body.keywords.map((k) => k.trim()).filter(Boolean))];

  const websiteId = await deps.database.transaction(async (query) => {
    await lockOrganization(query, organizationId);
    await requireNotTracked(query, organizationId, body.domain);
    await requireRoomForWebsite(deps, query, organizationId);
    await checkSettingsLimits(deps, query, organizationId, settings);
    await requireRoomForKeywords(deps, query, organizationId, keywords.length);
    const sitemaps = await sitemapsFromSetup(query, organizationId, body.domain, body.setup_guid);
    const [row] = await query<{ id: string }>(
      `insert into websites (organization_id, domain, homepage_url, settings, sitemap_urls)
       values ($1, $2, $3, $4, $5) returning id`,
      [organizationId, body.domain, homepageUrl, JSON.stringify(settings), JSON.stringify(sitemaps)],
    );
    await insertKeywords(query, { websiteId: row!.id, organizationId, ...settings }, keywords, 0);
    return row!.id;
  });

  let reportGuid: string | null = null;
  let analysisError: string | null = null;
  if (body.start_analysis) {
    try {
      const report = await startReport(
        deps,
        caller,
        { url: homepageUrl, competitors: settings.competitors, sections: [] },
        { websiteId, source: body.source },
      );
      reportGuid = report.guid;
    } catch (error) {
      // The website stays: a used-up checkup quota stops only the first analysis, and says why.
      if (!(error instanceof AppError)) throw error;
      analysisError = error.message;
    }
    if (body.source === 'onboarding_wizard') {
      await recordEvent(
        deps,
        caller,
        {
          event_type: 'finish_onboarding',
          meta: {
            main_url: homepageUrl,
            report_guid: reportGuid,
            location_name: settings.location_name,
            language_code: settings.language_code,
          },
        },
        websiteId,
      );
    }
  }
  return {
    ...(await getWebsite(deps, caller, websiteId)),
    report_guid: reportGuid,
    analysis_error: analysisError,
  };
}

/** The sitemaps of the named setup, or of the domain's latest completed one, in this organization. */
async function sitemapsFromSetup(
  query: QueryFn,
  organizationId: string,
  domain: string,
  setupGuid: string | undefined,
): Promise<string[]> {
  const [row] = await query<{ sitemap_urls: string[]; unreachable: boolean }>(
    `select sitemap_urls, output->>'error' is not null as unreachable from domain_setups
      where organization_id = $1 and domain = $2 and status = 'completed' and ($3::uuid is null or id = $3::uuid)
      order by finished_at desc limit 1`,
    [organizationId, domain, setupGuid ?? null],
  );
  if (setupGuid && !row)
    throw fieldError(
      'bad_request',
      'setup_guid',
      'setup_guid: No completed domain setup with this guid for this domain',
    );
  // A setup that could not reach the site makes no website (the wizard offers 'Try again').
  if (setupGuid && row?.unreachable)
    throw fieldError(
      'bad_request',
      'setup_guid',
      `setup_guid: ${WEBSITE_MESSAGES.cannotAccessDomain(domain)}`,
    );
  return row?.sitemap_urls ?? [];
}

/**
 * `POST /api/website-index/background`: the Deep Analysis form's add. The website exists at once
 * (status `setting_up`, spec defaults); the domain-setup job finds its homepage, sitemaps and market.
 */
export async function createWebsiteInBackground(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: {
    domain: string;
    settings: Omit<WebsiteSettings, 'location_name' | 'language_code'> &
      Partial<Pick<WebsiteSettings, 'location_name' | 'language_code'>>;
  },
): Promise<Website> {
  const organizationId = organizationOf(caller);
  await limitSetups(deps, organizationId);
  const provisionalHomepage = `https://${body.domain}/`;
  const settings: WebsiteSettings = {
    ...body.settings,
    competitors: cleanCompetitors(body.settings.competitors, provisionalHomepage),
    location_name: body.settings.location_name ?? DEFAULT_MARKET.location_name,
    language_code: body.settings.language_code ?? DEFAULT_MARKET.language_code,
  };
  const websiteId = await deps.database.transaction(async (query) => {
    await lockOrganization(query, organizationId);
    await requireNotTracked(query, organizationId, body.domain, WEBSITE_MESSAGES.alreadyAdded);
    await requireRoomForWebsite(deps, query, organizationId);
    await checkSettingsLimits(deps, query, organizationId, settings);
    const [row] = await query<{ id: string }>(
      `insert into websites (organization_id, domain, homepage_url, status, settings)
       values ($1, $2, $3, 'setting_up', $4) returning id`,
      [organizationId, body.domain, provisionalHomepage, JSON.stringify(settings)],
    );
    const [setup] = await query<{ id: string }>(
      `insert into domain_setups (organization_id, user_id, domain, website_id) values ($1, $2, $3, $4) returning id`,
      [organizationId, caller.userId, body.domain, row!.id],
    );
    await deps.queue.send(
      domainSetupJob,
      { setupId: setup!.id, keepMarket: body.settings.location_name !== undefined },
      { singletonKey: setup!.id, transaction: query },
    );
    return row!.id;
  });
  deps.queue.wake(domainSetupJob);
  return getWebsite(deps, caller, websiteId);
}

/** `PATCH /api/website-index/{guid}`: a new homepage URL, on the website's own domain. */
export async function updateWebsite(
  deps: WebsitesDeps,
  caller: AuthContext,
  guid: string,
  body: { homepage_url: string },
): Promise<Website> {
  const organizationId = organizationOf(caller);
  const website = await findWebsite(deps.database.query, organizationId, guid);
  const homepageUrl = new URL(body.homepage_url).href;
  requireOnDomain(homepageUrl, website.domain, 'homepage_url');
  await deps.database.query('update websites set homepage_url = $1, updated_at = now() where id = $2', [
    homepageUrl,
    guid,
  ]);
  return getWebsite(deps, caller, guid);
}

/** `PATCH /api/website-index/settings/{guid}`: any of the settings, each within the plan. */
export async function updateSettings(
  deps: WebsitesDeps,
  caller: AuthContext,
  guid: string,
  body: UpdateWebsiteSettingsBody,
): Promise<Website> {
  const organizationId = organizationOf(caller);
  if (body.competitors) {
    const lowered = body.competitors.map((url) => new URL(url).href);
    if (new Set(lowered).size !== lowered.length)
      throw fieldError('bad_request', 'competitors', `competitors: ${WEBSITE_MESSAGES.competitorDuplicate}`);
  }
  await deps.database.transaction(async (query) => {
    await lockOrganization(query, organizationId);
    const website = await findWebsite(query, organizationId, guid);
    const next: WebsiteSettings = {
      ...website.settings,
      ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    };
    if (body.competitors) next.competitors = cleanCompetitors(body.competitors, website.homepage_url);
    await checkSettingsLimits(deps, query, organizationId, {
      competitors: body.competitors ? next.competitors : undefined,
      regions: body.regions,
    });
    await query('update websites set settings = $1, updated_at = now() where id = $2', [
      JSON.stringify(next),
      guid,
    ]);
  });
  return getWebsite(deps, caller, guid);
}

/**
 * `DELETE /api/website-index/{guid}`: the website and its data in every area, in one transaction
 * (keywords, favicon, setups, its checkups and events cascade from the row; setups of the domain
 * that never became a website go with it). The owner's alone: it takes the site from the whole team.
 */
export async function deleteWebsite(deps: WebsitesDeps, caller: AuthContext, guid: string): Promise<void> {
  const organizationId = ownedBy(caller);
  await deps.database.transaction(async (query) => {
    const [row] = await query<{ domain: string }>(
      'delete from websites where id = $1 and organization_id = $2 returning domain',
      [guid, organizationId],
    );
    if (!row) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
    await query('delete from domain_setups where organization_id = $1 and domain = $2', [
      organizationId,
      row.domain,
    ]);
  });
}

/**
 * `GET /api/website-index/setup-status/{guid}`. A background setup that could not reach its site
 * removed the website: its setup still answers for the guid, failed, with the error.
 */
export async function setupStatus(
  deps: WebsitesDeps,
  caller: AuthContext,
  guid: string,
): Promise<WebsiteSetupStatus> {
  const organizationId = organizationOf(caller);
  const [failed] = await deps.database.query<{ domain: string }>(
    `select s.domain from domain_setups s
      where s.organization_id = $1 and s.website_id = $2 and s.status = 'completed' and s.output->>'error' is not null
        and not exists (select 1 from websites w where w.id = s.website_id)
      limit 1`,
    [organizationId, guid],
  );
  if (failed)
    return {
      status: 'failed',
      import_sitemaps_started_at: null,
      error: WEBSITE_MESSAGES.cannotAccessDomain(failed.domain),
      domain: failed.domain,
      website: null,
    };
  const row = await findWebsite(deps.database.query, organizationId, guid);
  return {
    status: row.status,
    import_sitemaps_started_at: row.import_sitemaps_started_at ? iso(row.import_sitemaps_started_at) : null,
    error: row.error,
    domain: row.domain,
    website: toWebsite(row),
  };
}

/** `GET /api/website-index/on-page-seo-score/{guid}`: the latest homepage checkup's score. */
export async function onPageSeoScore(deps: WebsitesDeps, caller: AuthContext, guid: string) {
  const row = await findWebsite(deps.database.query, organizationOf(caller), guid);
  return {
    overall_score: row.score,
    report_guid: row.report_id,
    c_at: row.scored_at ? iso(row.scored_at) : null,
  };
}

/**
 * `GET /api/website-index/important-fixes/{guid}`: the latest homepage checkup's failed checks with
 * a relevance above 0 and a recommendation, by relevance descending (spec 9 "Important fixes").
 */
export async function importantFixes(deps: WebsitesDeps, caller: AuthContext, guid: string) {
  const row = await findWebsite(deps.database.query, organizationOf(caller), guid);
  if (!row.report_id) return { report_guid: null, url: null, fixes: [] };
  const fixes = await deps.database.query<{ section_key: string; relevance: number; recommendation: string }>(
    `select s.section_key, (s.result->>'relevance')::float8 as relevance, s.result->>'recommendation' as recommendation
       from report_targets t join report_sections s on s.target_id = t.id
      where t.report_id = $1 and t.role = 'main' and s.status = 'failed'
        and (s.result->>'relevance')::float8 > 0 and btrim(coalesce(s.result->>'recommendation', '')) <> ''
      order by relevance desc, s.section_key`,
    [row.report_id],
  );
  return { report_guid: row.report_id, url: row.homepage_url, fixes };
}

/**
 * `GET /api/website-index/scheduled-tasks/{guid}`: the recurring work the website has. Today the
 * Deep Analysis re-crawl (settings.crawl.recrawl_days); monitoring and keyword updates add theirs
 * as those areas arrive.
 */
export async function scheduledTasks(deps: WebsitesDeps, caller: AuthContext, guid: string) {
  const website = await findWebsite(deps.database.query, organizationOf(caller), guid);
  const recrawl = await recrawlTask(deps.database.query, website.id, website.settings);
  return recrawl ? [recrawl] : [];
}

/** `GET /api/website-index/regions`: the 12 regions and their order. */
export function regions() {
  return { regions: { ...MONITOR_REGIONS }, order: [...MONITOR_REGION_ORDER] };
}

/** `GET /api/website-index/keyword-usage`: tracked keywords in use and the plan's maximum. */
export async function keywordUsage(deps: WebsitesDeps, caller: AuthContext) {
  const organizationId = organizationOf(caller);
  return {
    keywords_no: await keywordsInUse(deps.database.query, organizationId),
    max_keywords: await deps.planLimits.limit(deps.database.query, organizationId, 'max_keywords'),
  };
}

interface SetupRow {
  id: string;
  domain: string;
  status: 'running' | 'completed';
  output: DomainSetupOutput | null;
  sitemap_urls: string[];
}

const toSetup = (row: SetupRow, deps: WebsitesDeps): DomainSetup => ({
  guid: row.id,
  domain: row.domain,
  status: row.status,
  output: row.output,
  sitemap_urls: row.sitemap_urls,
  // Competitors and keywords come from the keyword and backlink data source, when there is one.
  notice: deps.seoDataConfigured ? null : WEBSITE_MESSAGES.suggestionsNeedProvider,
});

/** `POST /api/website-index/domain-setup`: starts the setup job; the wizard polls it every 5 s. */
export async function startDomainSetup(
  deps: WebsitesDeps,
  caller: AuthContext,
  domain: string,
): Promise<DomainSetup> {
  const organizationId = organizationOf(caller);
  // Setting a domain up is for a plan that tracks websites (used 0: only "is it in the plan").
  await deps.planLimits.requireBelow(deps.database.query, organizationId, 'max_tracked_websites', 0);
  await limitSetups(deps, organizationId);
  const row = await deps.database.transaction(async (query) => {
    const [setup] = await query<SetupRow>(
      `insert into domain_setups (organization_id, user_id, domain) values ($1, $2, $3)
       returning id, domain, status, output, sitemap_urls`,
      [organizationId, caller.userId, domain],
    );
    await deps.queue.send(
      domainSetupJob,
      { setupId: setup!.id, keepMarket: false },
      {
        singletonKey: setup!.id,
        transaction: query,
      },
    );
    return setup!;
  });
  deps.queue.wake(domainSetupJob);
  return toSetup(row, deps);
}

/** `GET /api/website-index/domain-setup?domain=&process_guid=`. */
export async function readDomainSetup(
  deps: WebsitesDeps,
  caller: AuthContext,
  domain: string,
  processGuid: string,
): Promise<DomainSetup> {
  const [row] = await deps.database.query<SetupRow>(
    'select id, domain, status, output, sitemap_urls from domain_setups where id = $1 and organization_id = $2 and domain = $3',
    [processGuid, organizationOf(caller), domain],
  );
  if (!row) throw new AppError('not_found', 'Domain setup not found');
  return toSetup(row, deps);
}

/** `POST /api/events`: a wizard event, kept in our database (nothing goes to an outside service). */
export async function recordEvent(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: TrackEventBody,
  websiteId: string | null = null,
): Promise<void> {
  await deps.database.query(
    `insert into product_events (organization_id, user_id, website_id, event_type, meta) values ($1, $2, $3, $4, $5)`,
    [caller.organizationId, caller.userId, websiteId, body.event_type, JSON.stringify(body.meta)],
  );
}
