import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBSITE_MESSAGES } from '@sitelens/contracts';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, registerUser, type TestApp, teamAccount } from '../../test/app';
import { startFakeDataForSeo } from '../../test/dataforseo-server';
import { faviconJob } from './favicons';
import { domainSetupJob } from './jobs';

const logger = pino({ level: 'silent' });
let t: TestApp;

/**
 * A small German shop on 127.0.0.1, reached as http://shop.example.de through FETCH_CONNECT_TO: its
 * https and www addresses do not resolve, so the setup must fall back to plain http.
 */
const DOMAIN = 'shop.example.de';
let site: http.Server;
let icon: Buffer;
const seen = { hosts: new Set<string>() };

async function startShop(): Promise<number> {
  icon = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  const pages: Record<string, { type: string; body: string | Buffer }> = {
    '/': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="de-DE"><head><title>Werkstatt</title>
        <link rel="icon" href="/img/icon.png"></head><body><h1>Eichentische</h1></body></html>`,
    },
    '/robots.txt': {
      type: 'text/plain',
      body: `User-agent: *\nAllow: /\nSitemap: http://${DOMAIN}/sitemap-de.xml\n`,
    },
    '/sitemap-de.xml': {
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${DOMAIN}/</loc></url></urlset>`,
    },
    '/img/icon.png': { type: 'image/png', body: icon },
  };
  site = http.createServer((request, response) => {
    seen.hosts.add(String(request.headers.host));
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    if (!page) return response.writeHead(404).end('not here');
    response.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return (site.address() as AddressInfo).port;
}

let previousConnectTo: string | undefined;
beforeAll(async () => {
  const port = await startShop();
  // Jobs read the environment as workers do; the closed port makes a second, unreachable domain.
  previousConnectTo = process.env.FETCH_CONNECT_TO;
  process.env.FETCH_CONNECT_TO = `${DOMAIN}:80:127.0.0.1:${port},down.example.com:80:127.0.0.1:9,down.example.com:443:127.0.0.1:9,www.down.example.com:80:127.0.0.1:9,www.down.example.com:443:127.0.0.1:9`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
  if (previousConnectTo === undefined) delete process.env.FETCH_CONNECT_TO;
  else process.env.FETCH_CONNECT_TO = previousConnectTo;
});

const LIMITS = {
  max_tracked_websites: 3,
  max_competitors: 2,
  max_monitored_regions: 2,
  max_keywords: 3,
  seo_analysis_limit: 10,
};

const withLimits = (settings: Partial<typeof LIMITS> = {}) => teamAccount(t, { ...LIMITS, ...settings });

const api = (account: Account, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: account.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const create = (account: Account, payload: Record<string, unknown>) =>
  api(account, 'POST', '/website-index', payload);

const runSetup = (setupId: string) =>
  domainSetupJob.handler(
    { setupId, keepMarket: false },
    { database: t.database, queue: t.queue, logger, jobId: 'test' },
  );

describe('adding a website', () => {
  it('refuses bad input with the field and the reason, and writes nothing', async () => {
    const account = await withLimits();
    const cases: [Record<string, unknown>, string][] = [
      [{ domain: 'not a domain', homepage_url: 'https://example.com/' }, 'domain: Invalid domain'],
      [{ domain: '127.0.0.1', homepage_url: 'https://example.com/' }, 'domain: Invalid domain'],
      [{ domain: 'example.com', homepage_url: 'nope' }, 'homepage_url: Provide a valid URL'],
      [
        { domain: 'example.com', homepage_url: 'https://example.com/', settings: { regions: ['mars-1'] } },
        'settings.regions.0',
      ],
      [
        {
          domain: 'example.com',
          homepage_url: 'https://example.com/',
          settings: { location_name: 'Atlantis', language_code: 'xx' },
        },
        `settings.language_code: ${WEBSITE_MESSAGES.unknownMarket}`,
      ],
      [
        { domain: 'example.com', homepage_url: 'https://example.com/', settings: { competitors: ['rival'] } },
        'settings.competitors.0: Provide a valid URL',
      ],
      [
        { domain: 'example.com', homepage_url: 'https://elsewhere.com/' },
        'homepage_url: The homepage must be on example.com',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await create(account, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(error);
      expect(res.json().fields[0].field).toBe(error.split(':')[0]);
    }
    expect((await api(account, 'GET', '/website-index')).json()).toEqual([]);
  });

  it('normalises the domain, applies the defaults, lists, reads, changes and deletes it', async () => {
    const account = await withLimits();
    const res = await create(account, {
      domain: '  HTTPS://WWW.Example.com:8443/shop?x=1 ',
      homepage_url: 'https://www.example.com/',
      settings: { competitors: ['https://Rival.com', 'https://rival.com/', 'https://www.example.com/x'] },
      keywords: [' oak table ', '', 'oak table', 'chairs'],
    });
    expect(res.statusCode).toBe(201);
    const website = res.json();
    expect(website).toMatchObject({
      domain: 'example.com',
      homepage_url: 'https://www.example.com/',
      status: 'new',
      on_page_seo: null,
      discovered_urls: 0,
      report_guid: null,
      keywords: ['oak table', 'chairs'],
      settings: {
        // Duplicates and the site's own pages are not competitors.
        competitors: ['https://rival.com/'],
        regions: ['us-east-1'],
        location_name: 'United States',
        language_code: 'en',
        notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
      },
    });

    const again = await create(account, { domain: 'example.com', homepage_url: 'https://example.com/' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: WEBSITE_MESSAGES.alreadyMonitored,
      fields: [{ field: 'domain', message: WEBSITE_MESSAGES.alreadyMonitored }],
    });
    const validate = await api(account, 'GET', '/website-index/validate-domain?domain=www.EXAMPLE.com');
    expect(validate.statusCode).toBe(409);
    expect((await api(account, 'GET', '/website-index/validate-domain?domain=other.org')).json()).toEqual({
      domain: 'other.org',
      valid: true,
    });
    expect((await api(account, 'GET', '/website-index/validate-domain?domain=x')).json().error).toBe(
      'querystring.domain: Invalid domain',
    );

    const list = (await api(account, 'GET', '/website-index')).json();
    expect(list.map((w: { guid: string }) => w.guid)).toEqual([website.guid]);
    expect((await api(account, 'GET', `/website-index/${website.guid}`)).json().domain).toBe('example.com');

    const home = await api(account, 'PATCH', `/website-index/${website.guid}`, {
      homepage_url: 'https://example.com/en/',
    });
    expect(home.json().homepage_url).toBe('https://example.com/en/');
    const offDomain = await api(account, 'PATCH', `/website-index/${website.guid}`, {
      homepage_url: 'https://evil.com/',
    });
    expect(offDomain.statusCode).toBe(400);

    const settings = await api(account, 'PATCH', `/website-index/settings/${website.guid}`, {
      regions: ['eu-west-1', 'us-east-1'],
      location_name: 'Germany',
      language_code: 'de',
      notifications: { ping_uptime: false, http_uptime: true, page_load_timeout: false },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().settings).toEqual({
      competitors: ['https://rival.com/'],
      regions: ['eu-west-1', 'us-east-1'],
      location_name: 'Germany',
      language_code: 'de',
      notifications: { ping_uptime: false, http_uptime: true, page_load_timeout: false },
    });
    const duplicate = await api(account, 'PATCH', `/website-index/settings/${website.guid}`, {
      competitors: ['https://a.com/', 'https://A.com/'],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toBe(`competitors: ${WEBSITE_MESSAGES.competitorDuplicate}`);
    for (const [body, error] of [
      [{}, 'body: Send at least one setting'],
      [{ location_name: 'Germany' }, 'language_code: Send location_name and language_code together'],
      [{ location_name: 'Germany', language_code: 'ja' }, `language_code: ${WEBSITE_MESSAGES.unknownMarket}`],
      [{ regions: [] }, 'regions: Choose a primary region'],
      [{ regions: ['us-east-1', 'us-east-1'] }, 'regions: Each region can be chosen once'],
    ] as const) {
      const res = await api(account, 'PATCH', `/website-index/settings/${website.guid}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }

    expect((await api(account, 'DELETE', `/website-index/${website.guid}`)).statusCode).toBe(204);
    expect((await api(account, 'GET', `/website-index/${website.guid}`)).statusCode).toBe(404);
    expect((await api(account, 'DELETE', `/website-index/${website.guid}`)).statusCode).toBe(404);
  });

  it("holds the plan's limits with the spec's texts on the field that passed them", async () => {
    const account = await withLimits({ max_tracked_websites: 1, max_keywords: 2 });
    const tooMany = (settings: Record<string, unknown>) =>
      create(account, { domain: 'a.com', homepage_url: 'https://a.com/', settings });
    const competitors = await tooMany({ competitors: ['https://b.com', 'https://c.com', 'https://d.com'] });
    expect(competitors.statusCode).toBe(403);
    expect(competitors.json()).toMatchObject({
      error: 'Your plan allows up to 2 competitors per website.',
      fields: [{ field: 'settings.competitors' }],
    });
    const regions = await tooMany({ regions: ['us-east-1', 'eu-west-1', 'ap-south-1'] });
    expect(regions.json()).toMatchObject({
      error: 'Your plan allows up to 2 monitoring regions per website.',
      fields: [{ field: 'settings.regions' }],
    });
    const keywords = await create(account, {
      domain: 'a.com',
      homepage_url: 'https://a.com/',
      keywords: ['one', 'two', 'three'],
    });
    expect(keywords.json()).toMatchObject({
      error: WEBSITE_MESSAGES.keywordsExceeded,
      fields: [{ field: 'keywords' }],
    });
    expect((await api(account, 'GET', '/website-index')).json()).toEqual([]);

    const first = await create(account, {
      domain: 'a.com',
      homepage_url: 'https://a.com/',
      keywords: ['one', 'two'],
    });
    expect(first.statusCode).toBe(201);
    expect((await api(account, 'GET', '/website-index/keyword-usage')).json()).toEqual({
      keywords_no: 2,
      max_keywords: 2,
    });
    const second = await create(account, { domain: 'b.com', homepage_url: 'https://b.com/' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      error: WEBSITE_MESSAGES.domainLimit,
      fields: [{ field: 'domain' }],
    });
    const validate = await api(account, 'GET', '/website-index/validate-domain?domain=b.com');
    expect(validate.json().error).toBe(WEBSITE_MESSAGES.domainLimit);

    const settings = await api(account, 'PATCH', `/website-index/settings/${first.json().guid}`, {
      competitors: ['https://b.com', 'https://c.com', 'https://d.com'],
    });
    expect(settings.statusCode).toBe(403);
    expect(
      (await api(account, 'GET', `/website-index/${first.json().guid}`)).json().settings.competitors,
    ).toEqual([]);
  });

  it('lets exactly one of 20 concurrent adds through at the limit minus one', async () => {
    const account = await withLimits({ max_tracked_websites: 3 });
    for (const domain of ['one.com', 'two.com'])
      expect((await create(account, { domain, homepage_url: `https://${domain}/` })).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(account, { domain: `race${i}.com`, homepage_url: `https://race${i}.com/` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 403)).toHaveLength(19);
    const [row] = await t.database.query<{ count: string }>(
      `select count(*) as count from websites w join memberships m on m.organization_id = w.organization_id
        where m.user_id = $1`,
      [account.guid],
    );
    expect(Number(row!.count)).toBe(3);
  });
});

describe('the domain setup', () => {
  it("with a data source, suggests the domain's competitors and its 10 top keywords in its market", async () => {
    const dataforseo = await startFakeDataForSeo();
    const saved = { ...process.env };
    Object.assign(process.env, {
      DATAFORSEO_LOGIN: dataforseo.login,
      DATAFORSEO_PASSWORD: dataforseo.password,
      DATAFORSEO_API_URL: dataforseo.url,
    });
    try {
      const account = await withLimits();
      const started = await api(account, 'POST', '/website-index/domain-setup', { domain: DOMAIN });
      await runSetup(started.json().guid);
      const { output } = (
        await api(
          account,
          'GET',
          `/website-index/domain-setup?domain=${DOMAIN}&process_guid=${started.json().guid}`,
        )
      ).json();
      expect(output.competitors.length).toBeGreaterThan(0);
      expect(output.competitors.some((c: { domain: string }) => c.domain === DOMAIN)).toBe(false);
      expect(output.top_keywords.length).toBeGreaterThan(0);
      expect(output.top_keywords.length).toBeLessThanOrEqual(10);
      // Asked in the market read from the site.
      expect(dataforseo.requests.map((r) => [r.path, r.task.location_name])).toEqual([
        ['dataforseo_labs/google/competitors_domain/live', 'Germany'],
        ['dataforseo_labs/google/ranked_keywords/live', 'Germany'],
      ]);
    } finally {
      process.env = saved;
      await dataforseo.close();
    }
  });

  it('finds the homepage, the sitemap and the market of a site reached under its domain name', async () => {
    const account = await withLimits();
    const started = await api(account, 'POST', '/website-index/domain-setup', {
      domain: `https://${DOMAIN}/`,
    });
    expect(started.statusCode).toBe(201);
    const { guid } = started.json();
    expect(started.json()).toMatchObject({ domain: DOMAIN, status: 'running', output: null });
    const read = () =>
      api(account, 'GET', `/website-index/domain-setup?domain=${DOMAIN}&process_guid=${guid}`);
    expect((await read()).json().status).toBe('running');

    await runSetup(guid);
    await runSetup(guid); // run twice, one result
    const done = (await read()).json();
    expect(done).toEqual({
      guid,
      domain: DOMAIN,
      status: 'completed',
      output: {
        homepage_url: `http://${DOMAIN}/`,
        competitors: [],
        top_keywords: [],
        uptime_monitoring_regions: ['us-east-1'],
        search_engine_market: { sem_language_code: 'de', sem_location: 'Germany' },
        error: null,
      },
      sitemap_urls: [`http://${DOMAIN}/sitemap-de.xml`],
      notice: WEBSITE_MESSAGES.suggestionsNeedProvider,
    });
    expect(seen.hosts).toContain(DOMAIN);

    // The website made from it keeps the sitemaps for Deep Analysis.
    const website = await create(account, {
      domain: DOMAIN,
      homepage_url: done.output.homepage_url,
      setup_guid: guid,
      settings: { location_name: 'Germany', language_code: 'de' },
    });
    expect(website.json().sitemap_urls).toEqual([`http://${DOMAIN}/sitemap-de.xml`]);

    // Its icon comes from the site, through our API.
    await faviconJob.handler(
      { websiteId: website.json().guid },
      { database: t.database, queue: t.queue, logger, jobId: 'test' },
    );
    const favicon = await api(account, 'GET', `/website-index/favicon/${website.json().guid}`);
    expect(favicon.headers['content-type']).toBe('image/png');
    expect(favicon.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(favicon.rawPayload, icon)).toBe(0);
    expect((await api(account, 'GET', '/website-index/favicons')).json()).toEqual([
      {
        guid: website.json().guid,
        domain: DOMAIN,
        favicon_url: `/api/website-index/favicon/${website.json().guid}`,
      },
    ]);
  });

  it('refuses a bad domain or process guid, and a plan without tracked websites', async () => {
    const account = await withLimits();
    const bad = await api(account, 'POST', '/website-index/domain-setup', { domain: 'localhost' });
    expect(bad.json().error).toBe('domain: Invalid domain');
    const noGuid = await api(account, 'GET', `/website-index/domain-setup?domain=${DOMAIN}&process_guid=x`);
    expect(noGuid.statusCode).toBe(400);
    expect(noGuid.json().fields[0].field).toBe('querystring.process_guid');
    const unknown = await api(
      account,
      'GET',
      `/website-index/domain-setup?domain=${DOMAIN}&process_guid=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    const planless = await withLimits({ max_tracked_websites: 0 });
    const refused = await api(planless, 'POST', '/website-index/domain-setup', { domain: DOMAIN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This feature is disabled for your current plan!');
  });

  it("gives an unreachable domain the spec's text", async () => {
    const account = await withLimits();
    const { guid } = (
      await api(account, 'POST', '/website-index/domain-setup', { domain: 'down.example.com' })
    ).json();
    await runSetup(guid);
    const done = (
      await api(account, 'GET', `/website-index/domain-setup?domain=down.example.com&process_guid=${guid}`)
    ).json();
    expect(done.output).toMatchObject({
      homepage_url: null,
      error:
        'We cannot access down.example.com in order to perform our test! Either the domain is not online, or our tool is being blocked by your server.',
    });
    // That setup makes no website.
    const refused = await create(account, {
      domain: 'down.example.com',
      homepage_url: 'https://down.example.com/',
      setup_guid: guid,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('setup_guid: Cannot access domain down.example.com!');
    expect((await api(account, 'GET', '/website-index')).json()).toEqual([]);
  });

  it('sets a website up in the background, or removes it with the Deep Analysis text when the site cannot be reached', async () => {
    const account = await withLimits();
    const res = await api(account, 'POST', '/website-index/background', { domain: DOMAIN });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'setting_up', settings: { regions: [] } });
    const [setup] = await t.database.query<{ id: string }>(
      'select id from domain_setups where website_id = $1',
      [res.json().guid],
    );
    await runSetup(setup!.id);
    const status = (await api(account, 'GET', `/website-index/setup-status/${res.json().guid}`)).json();
    expect(status).toMatchObject({
      status: 'new',
      error: null,
      import_sitemaps_started_at: null,
      website: {
        homepage_url: `http://${DOMAIN}/`,
        sitemap_urls: [`http://${DOMAIN}/sitemap-de.xml`],
        settings: { location_name: 'Germany', language_code: 'de' },
      },
    });
    // Until the site's own icon is fetched, the built-in one is served, and the fetch is queued.
    const icon = await api(account, 'GET', `/website-index/favicon/${res.json().guid}`);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const [queued] = await t.database.query<{ count: string }>(
      `select count(*) as count from pgboss.job where name = 'websites.favicon' and data->>'websiteId' = $1`,
      [res.json().guid],
    );
    expect(Number(queued!.count)).toBe(1);
    const again = await api(account, 'POST', '/website-index/background', { domain: DOMAIN });
    expect(again.json().error).toBe(WEBSITE_MESSAGES.alreadyAdded);

    const down = (
      await api(account, 'POST', '/website-index/background', { domain: 'down.example.com' })
    ).json();
    const [downSetup] = await t.database.query<{ id: string }>(
      'select id from domain_setups where website_id = $1',
      [down.guid],
    );
    await runSetup(downSetup!.id);
    expect((await api(account, 'GET', `/website-index/setup-status/${down.guid}`)).json()).toEqual({
      status: 'failed',
      import_sitemaps_started_at: null,
      error: 'Cannot access domain down.example.com!',
      domain: 'down.example.com',
      website: null,
    });
    // The site could not be reached: no website is left behind, in the list or against the plan.
    expect((await api(account, 'GET', `/website-index/${down.guid}`)).statusCode).toBe(404);
    const listed = (await api(account, 'GET', '/website-index')).json() as { domain: string }[];
    expect(listed.map((website) => website.domain)).toEqual([DOMAIN]);
    // Another organization learns nothing of it.
    const other = await withLimits();
    expect((await api(other, 'GET', `/website-index/setup-status/${down.guid}`)).statusCode).toBe(404);
  });
});

describe('the first analysis and what reads it', () => {
  it('starts the homepage checkup, records the onboarding finish, and serves its score', async () => {
    const account = await withLimits();
    const res = await create(account, {
      domain: 'example.org',
      homepage_url: 'https://example.org/',
      settings: { competitors: ['https://rival.org/'] },
      start_analysis: true,
      source: 'onboarding_wizard',
    });
    expect(res.statusCode).toBe(201);
    const { guid, report_guid } = res.json();
    const [report] = await t.database.query<{ url: string; source: string; website_id: string }>(
      'select url, source, website_id from reports where id = $1',
      [report_guid],
    );
    expect(report).toEqual({ url: 'https://example.org/', source: 'onboarding_wizard', website_id: guid });
    const targets = await t.database.query<{ url: string }>(
      'select url from report_targets where report_id = $1 order by position',
      [report_guid],
    );
    expect(targets.map((target) => target.url)).toEqual(['https://example.org/', 'https://rival.org/']);
    const [event] = await t.database.query<{ event_type: string; meta: unknown }>(
      'select event_type, meta from product_events where website_id = $1',
      [guid],
    );
    expect(event).toEqual({
      event_type: 'finish_onboarding',
      meta: {
        main_url: 'https://example.org/',
        report_guid,
        location_name: 'United States',
        language_code: 'en',
      },
    });

    expect((await api(account, 'GET', `/website-index/on-page-seo-score/${guid}`)).json()).toEqual({
      overall_score: null,
      report_guid: null,
      c_at: null,
    });
    // The checkup job writes the main target's overview when it finishes.
    await t.database.query(
      `update report_targets set status = 'done', finished_at = now(),
         overview = '{"score": 81, "passed": 60, "warning": 10, "failed": 5, "has_all_sections": true}'
       where report_id = $1 and role = 'main'`,
      [report_guid],
    );
    const score = (await api(account, 'GET', `/website-index/on-page-seo-score/${guid}`)).json();
    expect(score).toMatchObject({ overall_score: 81, report_guid });
    expect((await api(account, 'GET', `/website-index/${guid}`)).json().on_page_seo).toMatchObject({
      score: 81,
    });
    expect((await api(account, 'GET', `/website-index/scheduled-tasks/${guid}`)).json()).toEqual([]);

    // Issues to fix: failed checks with a relevance and a recommendation, most relevant first.
    const section = (key: string, status: string, relevance: number, recommendation: string) =>
      t.database.query(
        `insert into report_sections (target_id, section_key, status, result)
         select id, $2, $3, $4::jsonb from report_targets where report_id = $1 and role = 'main'`,
        [report_guid, key, status, JSON.stringify({ status, relevance, recommendation })],
      );
    await section('meta-title', 'failed', 3, 'Write a title.');
    await section('https', 'failed', 9, 'Serve the site over HTTPS.');
    await section('ads-txt', 'failed', 0, 'Publish an ads.txt.');
    await section('doctype', 'failed', 5, '  ');
    await section('viewport', 'passed', 8, 'Keep the viewport tag.');
    expect((await api(account, 'GET', `/website-index/important-fixes/${guid}`)).json()).toEqual({
      report_guid,
      url: 'https://example.org/',
      fixes: [
        { section_key: 'https', relevance: 9, recommendation: 'Serve the site over HTTPS.' },
        { section_key: 'meta-title', relevance: 3, recommendation: 'Write a title.' },
      ],
    });
  });

  it('records a skipped onboarding, and refuses an unknown event', async () => {
    const account = await withLimits();
    expect((await api(account, 'POST', '/events', { event_type: 'skip_onboarding' })).statusCode).toBe(201);
    const [row] = await t.database.query<{ event_type: string }>(
      'select event_type from product_events where user_id = $1',
      [account.guid],
    );
    expect(row!.event_type).toBe('skip_onboarding');
    expect((await api(account, 'POST', '/events', { event_type: 'page_view' })).statusCode).toBe(400);
  });

  it('keeps the first analysis out of a used-up checkup quota without losing the website', async () => {
    const account = await withLimits({ seo_analysis_limit: 0 });
    const res = await create(account, {
      domain: 'quota.com',
      homepage_url: 'https://quota.com/',
      start_analysis: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      report_guid: null,
      analysis_error: 'This feature is disabled for your current plan!',
    });
  });
});

describe('a user without a team', () => {
  it('gets 404 on website routes, never a database error', async () => {
    const loner = await registerUser(t.app);
    for (const url of [
      '/website-index',
      '/website-index/favicons',
      '/website-index/favicon/00000000-0000-4000-8000-000000000000',
      '/website-index/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await api(loner, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe('You are not part of a team yet.');
    }
  });
});

describe('reference data', () => {
  it('lists the 12 regions in order and the markets', async () => {
    const account = await withLimits();
    const regions = (await api(account, 'GET', '/website-index/regions')).json();
    expect(regions.order).toHaveLength(12);
    expect(regions.order[0]).toBe('us-east-1');
    expect(regions.regions['eu-central-1']).toBe('Europe (Frankfurt)');
    // The monitoring service's path (spec 7.4) answers the same.
    const monitoring = await api(account, 'GET', '/regions');
    expect(monitoring.statusCode).toBe(200);
    expect(monitoring.json()).toEqual(regions);
    const locations = (await api(account, 'GET', '/website-index/locations')).json();
    expect(locations).toContainEqual({
      location_name: 'United States',
      language_code: 'en',
      language_name: 'English',
    });
    expect(locations.length).toBeGreaterThan(240);
  });
});

describe('deleting a website', () => {
  it('leaves no row of it in any table', async () => {
    const account = await withLimits();
    const { guid: setupGuid } = (
      await api(account, 'POST', '/website-index/domain-setup', { domain: DOMAIN })
    ).json();
    await runSetup(setupGuid);
    const website = (
      await create(account, {
        domain: DOMAIN,
        homepage_url: `http://${DOMAIN}/`,
        keywords: ['eichentisch'],
        start_analysis: true,
        source: 'onboarding_wizard',
        settings: { location_name: 'Germany', language_code: 'de' },
      })
    ).json();
    await faviconJob.handler(
      { websiteId: website.guid },
      { database: t.database, queue: t.queue, logger, jobId: 'test' },
    );
    const tables = await t.database.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const [team] = await t.database.query<{ organization_id: string }>(
      'select organization_id from memberships where user_id = $1',
      [account.guid],
    );
    // Every row that mentions the website or its report, or this organization and the domain, in any column.
    const traces = async () => {
      const found: Record<string, number> = {};
      for (const { table_name } of tables) {
        const [row] = await t.database.query<{ count: string }>(
          `select count(*) as count from "${table_name}" x
            where x::text like $1 or x::text like $2 or (x::text like $3 and x::text like $4)`,
          [`%${website.guid}%`, `%${website.report_guid}%`, `%${DOMAIN}%`, `%${team!.organization_id}%`],
        );
        if (Number(row!.count) > 0) found[table_name] = Number(row!.count);
      }
      return found;
    };
    expect(Object.keys(await traces()).sort()).toEqual(
      [
        'domain_setups',
        'product_events',
        'report_targets',
        'reports',
        'website_favicons',
        'website_keywords',
        'websites',
      ].sort(),
    );
    expect((await api(account, 'DELETE', `/website-index/${website.guid}`)).statusCode).toBe(204);
    expect(await traces()).toEqual({});
  });
});

describe('the OpenAPI document', () => {
  it('lists every website route with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const routes = {
      '/api/website-index': ['get', 'post'],
      '/api/website-index/favicons': ['get'],
      '/api/website-index/favicon/{guid}': ['get'],
      '/api/website-index/{guid}': ['get', 'patch', 'delete'],
      '/api/website-index/setup-status/{guid}': ['get'],
      '/api/website-index/scheduled-tasks/{guid}': ['get'],
      '/api/website-index/on-page-seo-score/{guid}': ['get'],
      '/api/website-index/important-fixes/{guid}': ['get'],
      '/api/website-index/background': ['post'],
      '/api/website-index/settings/{guid}': ['patch'],
      '/api/website-index/validate-domain': ['get'],
      '/api/website-index/domain-setup': ['get', 'post'],
      '/api/website-index/regions': ['get'],
      '/api/regions': ['get'],
      '/api/website-index/locations': ['get'],
      '/api/website-index/keyword-usage': ['get'],
      '/api/events': ['post'],
    };
    for (const [path, methods] of Object.entries(routes)) {
      for (const method of methods) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation!.responses), `${method} ${path}`).toContain('404');
        if (method === 'post' || method === 'patch')
          expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
      }
    }
  });
});
