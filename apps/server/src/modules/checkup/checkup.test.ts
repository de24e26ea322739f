import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { CHECKUP_MESSAGES } from '@sitelens/contracts';
import { type FixtureSite, startSite } from '@sitelens/engine/testing/fixture-sites';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { runReportJob } from './jobs';
import { storePassRates } from './pass-rates-command';
import { closeWorkerBrowser } from './worker-browser';

const logger = pino({ level: 'silent' });
let t: TestApp;
let site: FixtureSite;
let previousAllow: string | undefined;
/** A loopback port nothing listens on, allowed like the fixture site: a site that is down. */
let closedPort: number;

// The job reads FETCH_ALLOW_PRIVATE from the environment, as workers do.
beforeAll(async () => {
  site = await startSite('well-made');
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const allow = `${site.allow},127.0.0.1:${closedPort}`;
  previousAllow = process.env.FETCH_ALLOW_PRIVATE;
  process.env.FETCH_ALLOW_PRIVATE = allow;
  t = await createTestApp({ CHECKUP_SECTION_WAIT_MS: '300', FETCH_ALLOW_PRIVATE: allow });
});
afterAll(async () => {
  await closeWorkerBrowser();
  await t.close();
  await site.close();
  if (previousAllow === undefined) delete process.env.FETCH_ALLOW_PRIVATE;
  else process.env.FETCH_ALLOW_PRIVATE = previousAllow;
});

const SECTIONS = ['meta-title', 'http-status-code', 'robots-txt', 'hsts', 'sitemap'];

const withCheckups = (settings = { seo_analysis_limit: 20, max_competitors: 2 }) => teamAccount(t, settings);

async function start(account: Account, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/report', headers: account.auth, payload });
}

/** Runs the queued checkup job the way a worker would. */
const work = (reportId: string) =>
  runReportJob.handler({ reportId }, { database: t.database, queue: t.queue, logger, jobId: 'test' });

const section = (account: Account, guid: string, key: string, url?: string) =>
  t.app.inject({
    url: `/api/report/${guid}/${key}${url ? `?url=${encodeURIComponent(url)}` : ''}`,
    headers: account.auth,
  });

describe('the report structure', () => {
  it('lists every category and section of the catalogue', async () => {
    const account = await withCheckups();
    const res = await t.app.inject({ url: '/api/report/sections', headers: account.auth });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json() as { categories: { key: string; sections: { key: string }[] }[] };
    expect(categories.flatMap((c) => c.sections)).toHaveLength(95);
    expect(categories[0]).toMatchObject({
      key: 'common-seo',
      sections: expect.arrayContaining([expect.objectContaining({ key: 'meta-title', relevance: 10 })]),
    });
    const narrow = (
      await t.app.inject({ url: '/api/report/sections?fields=title', headers: account.auth })
    ).json();
    expect(Object.keys(narrow.categories[0].sections[0]).sort()).toEqual(['key', 'title']);
  });
});

describe('a checkup', () => {
  it('refuses a bad URL and unknown sections with the field and the reason', async () => {
    const account = await withCheckups();
    const bad = await start(account, { url: 'notaurl', sections: SECTIONS });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('url: Provide a valid URL');
    // A host DNS cannot have starts nothing.
    const huge = await start(account, { url: `https://${'a'.repeat(2000)}.com/`, sections: SECTIONS });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('url: Provide a valid URL');
    const unknown = await start(account, { url: `${site.origin}/`, sections: ['meta-titel'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('sections: unknown section "meta-titel"');
  });

  it('answers a guid at once, then each section, for the main URL and a competitor', async () => {
    const account = await withCheckups();
    const main = `${site.origin}/`;
    const competitor = `${site.origin}/about.html`;
    const res = await start(account, {
      url: main,
      competitors: [competitor, competitor, main, ''].filter(Boolean),
      sections: SECTIONS,
    });
    expect(res.statusCode).toBe(201);
    const { guid, competitor_urls } = res.json();
    expect(competitor_urls).toEqual([competitor]);

    // Before a worker has run it, a section is still being computed: 202, retry.
    expect((await section(account, guid, 'meta-title')).statusCode).toBe(202);

    await work(guid);
    const title = await section(account, guid, 'meta-title');
    expect(title.statusCode).toBe(200);
    expect(title.json()).toMatchObject({
      top_100_pass_rate: null,
      pass_rate_sample: null,
      result: {
        status: 'passed',
        title: 'Handmade Oak Tables and Chairs – Woodline Workshop',
        relevance: 10,
        recommendation: expect.any(String),
        how_to_fix: expect.stringContaining('&lt;title&gt;'),
        how_to_fix_video: null,
      },
    });
    const theirs = await section(account, guid, 'meta-title', competitor);
    expect(theirs.json().result.title).toBe('About the Woodline workshop and its makers');

    const report = (await t.app.inject({ url: `/api/report/v2?guid=${guid}`, headers: account.auth })).json();
    expect(report).toMatchObject({ guid, url: main, status: 'done', competitor_urls: [competitor] });
    expect(report.overview).toMatchObject({ has_all_sections: false, passed: expect.any(Number) });
    expect(report.overview.passed + report.overview.warning + report.overview.failed).toBe(SECTIONS.length);
    // Plain http: HSTS fails, and it is an important fix.
    expect(report.important_fixes.map((f: { section_key: string }) => f.section_key)).toContain('hsts');
    expect(report.competitors[0]).toMatchObject({ url: competitor, status: 'done' });
  });

  it('writes each section once when a job killed mid-checkup is run again', async () => {
    const account = await withCheckups();
    const { guid } = (await start(account, { url: `${site.origin}/`, sections: SECTIONS })).json();
    await work(guid);
    const rows = () =>
      t.database.query<{ section_key: string; result: unknown; created_at: Date }>(
        'select section_key, result, created_at from report_sections s join report_targets t on t.id = s.target_id where t.report_id = $1 order by section_key',
        [guid],
      );
    const complete = await rows();
    // The worker died after writing two of the five sections: the rest never reached the table,
    // and the report and its target are still running when pg-boss hands the job out again.
    const kept = complete.slice(0, 2).map((row) => row.section_key);
    await t.database.query(
      `delete from report_sections where target_id in (select id from report_targets where report_id = $1)
         and not (section_key = any($2))`,
      [guid, kept],
    );
    await t.database.query(
      `update report_targets set status = 'running', overview = null, finished_at = null where report_id = $1`,
      [guid],
    );
    await t.database.query(`update reports set status = 'running', finished_at = null where id = $1`, [guid]);
    expect(await rows()).toHaveLength(2);

    await work(guid);
    const after = await rows();
    expect(after.map((row) => row.section_key)).toEqual(complete.map((row) => row.section_key));
    // What the first attempt wrote stays as it was; only the missing sections are new.
    expect(after.slice(0, 2)).toEqual(complete.slice(0, 2));
    const report = (await t.app.inject({ url: `/api/report/v2?guid=${guid}`, headers: account.auth })).json();
    expect(report.status).toBe('done');
    expect(report.overview.passed + report.overview.warning + report.overview.failed).toBe(SECTIONS.length);
  });

  it('says it cannot access a site that does not answer, and a failed competitor does not fail the report', async () => {
    const account = await withCheckups();
    const down = `http://127.0.0.1:${closedPort}/`;
    const failed = (await start(account, { url: down, sections: SECTIONS })).json();
    await work(failed.guid);
    const res = await section(account, failed.guid, 'meta-title');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(CHECKUP_MESSAGES.cannotAccess(down));
    const report = await t.app.inject({
      url: `/api/report/v2?guid=${failed.guid}&include=results`,
      headers: account.auth,
    });
    expect(report.json()).toMatchObject({
      status: 'failed',
      error: CHECKUP_MESSAGES.cannotAccess(down),
      results: {},
    });

    const ok = (
      await start(account, { url: `${site.origin}/`, competitors: [down], sections: SECTIONS })
    ).json();
    await work(ok.guid);
    const done = (
      await t.app.inject({ url: `/api/report/v2?guid=${ok.guid}&include=results`, headers: account.auth })
    ).json();
    expect(done.status).toBe('done');
    expect(done.competitors[0]).toMatchObject({
      status: 'failed',
      error: CHECKUP_MESSAGES.competitorFailed(down),
    });
    // The competitor that could not be checked has no results; the main URL has all of them.
    expect(Object.keys(done.results)).toEqual([`${site.origin}/`]);
  });

  it('says why a private or loopback address was refused instead of calling the site unreachable', async () => {
    const account = await withCheckups();
    const loopback = 'http://127.0.0.1:9/';
    const { guid } = (await start(account, { url: loopback, sections: SECTIONS })).json();
    await work(guid);
    const report = (await t.app.inject({ url: `/api/report/v2?guid=${guid}`, headers: account.auth })).json();
    expect(report.status).toBe('failed');
    expect(report.error).toBe(
      `We did not check ${loopback}: 127.0.0.1 is a loopback address; Sitelens only fetches public addresses.`,
    );
    const privateSite = 'http://10.1.2.3/';
    const other = (await start(account, { url: privateSite, sections: SECTIONS })).json();
    await work(other.guid);
    const res = await section(account, other.guid, 'meta-title');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(
      `We did not check ${privateSite}: 10.1.2.3 is a private address; Sitelens only fetches public addresses.`,
    );
  });

  it('opens a finished report in one request with every section of every target', async () => {
    const account = await withCheckups();
    const main = `${site.origin}/`;
    const competitor = `${site.origin}/about.html`;
    const { guid } = (
      await start(account, { url: main, competitors: [competitor], sections: SECTIONS })
    ).json();
    const read = async () =>
      (
        await t.app.inject({ url: `/api/report/v2?guid=${guid}&include=results`, headers: account.auth })
      ).json();
    // Still running: the live report reads sections one by one, so none come with it.
    expect((await read()).results).toBeUndefined();
    await work(guid);
    await t.database.query(
      `insert into pass_rates (section_key, rate, sites, measured_on) values ('sitemap', 0.25, 90, '2026-01-01'), ('sitemap', 0.75, 98, '2026-11-01')`,
    );
    const report = await read();
    expect(Object.keys(report.results).sort()).toEqual([competitor, main].sort());
    for (const target of [main, competitor])
      expect(Object.keys(report.results[target]).sort()).toEqual([...SECTIONS].sort());
    // Each reply is the one the section call gives.
    expect(report.results[main]['meta-title']).toEqual((await section(account, guid, 'meta-title')).json());
    // The latest measured pass rate, as the section call gives it.
    expect(report.results[main].sitemap).toEqual((await section(account, guid, 'sitemap')).json());
    expect(report.results[main].sitemap.top_100_pass_rate).toBe(0.75);
    expect(report.results[competitor]['meta-title'].result.title).toBe(
      'About the Woodline workshop and its makers',
    );
    // Without include=results the reply stays small, as the dashboard reads it.
    const plain = (await t.app.inject({ url: `/api/report/v2?guid=${guid}`, headers: account.auth })).json();
    expect(plain.results).toBeUndefined();
  });

  it('keeps to the plan: competitors per checkup and checkups per billing period', async () => {
    const account = await withCheckups({ seo_analysis_limit: 2, max_competitors: 1 });
    const two = await start(account, {
      url: `${site.origin}/`,
      competitors: [`${site.origin}/about.html`, `${site.origin}/tables.html`],
      sections: SECTIONS,
    });
    expect(two.statusCode).toBe(403);
    expect(two.json().error).toBe('Your plan allows up to 1 competitors per checkup.');
    expect((await start(account, { url: `${site.origin}/`, sections: SECTIONS })).statusCode).toBe(201);
    expect((await start(account, { url: `${site.origin}/`, sections: SECTIONS })).statusCode).toBe(201);
    const third = await start(account, { url: `${site.origin}/`, sections: SECTIONS });
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toBe('Your plan allows up to 2 SEO checkups in this billing period.');
    const none = await withCheckups({ seo_analysis_limit: 0, max_competitors: 0 });
    expect((await start(none, { url: `${site.origin}/`, sections: SECTIONS })).json().error).toBe(
      'This feature is disabled for your current plan!',
    );
  });

  it('lists finished reports in the archive by month, with their competitors and URLs', async () => {
    const account = await withCheckups();
    const main = `${site.origin}/`;
    const competitor = `${site.origin}/tables.html`;
    const { guid } = (
      await start(account, { url: main, competitors: [competitor], sections: SECTIONS })
    ).json();
    await work(guid);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/report/v2/save',
      headers: account.auth,
      payload: { url: main, guid, competitors: [{ url: competitor }] },
    });
    expect(save.statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const month = `${today.slice(0, 8)}01`;
    const rows = (
      await t.app.inject({
        url: `/api/report/v2/overviews?url=${encodeURIComponent(main)}&start_date=${month}&end_date=${today}`,
        headers: account.auth,
      })
    ).json();
    expect(rows).toEqual([
      expect.objectContaining({ guid, url: main, score: expect.any(Number), passed: expect.any(Number) }),
    ]);
    // The instant in UTC, as JavaScript prints it, within the minute of the run.
    expect(rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(rows[0].created_at) - Date.now())).toBeLessThan(60_000);
    const lastYear = (
      await t.app.inject({
        url: `/api/report/v2/overviews?start_date=2020-01-01&end_date=2020-01-31`,
        headers: account.auth,
      })
    ).json();
    expect(lastYear).toEqual([]);
    const theirs = (
      await t.app.inject({
        url: `/api/report/v2/competitor-overviews?urls=${encodeURIComponent(competitor)}&start_date=${month}&end_date=${today}`,
        headers: account.auth,
      })
    ).json();
    expect(theirs).toEqual([expect.objectContaining({ guid, url: competitor })]);
    const urls = (
      await t.app.inject({ url: '/api/report/v2/urls?domain=127.0.0.1', headers: account.auth })
    ).json();
    expect(urls).toEqual({ urls: [main], next_token: null });
    // A date PostgreSQL cannot hold is the caller's mistake, not a server error.
    const yearZero = await t.app.inject({
      url: '/api/report/v2/overviews?start_date=0000-01-01&end_date=2026-01-01',
      headers: account.auth,
    });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().error).toBe('querystring.start_date: Please enter a date between 1970 and 2999');
    // LIKE wildcards in the domain match only themselves; a forged page token is refused.
    const wildcard = await t.app.inject({ url: '/api/report/v2/urls?domain=%25', headers: account.auth });
    expect(wildcard.json()).toEqual({ urls: [], next_token: null });
    const forged = Buffer.from('-50').toString('base64url');
    const refused = await t.app.inject({
      url: `/api/report/v2/urls?domain=127.0.0.1&next_token=${forged}`,
      headers: account.auth,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('next_token: Not a token this list gave');
  });

  it('hides one team’s report from another', async () => {
    const owner = await withCheckups();
    const stranger = await withCheckups();
    const { guid } = (await start(owner, { url: `${site.origin}/`, sections: SECTIONS })).json();
    await work(guid);
    expect((await section(stranger, guid, 'meta-title')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/report/v2?guid=${guid}`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/report/v2/save',
      headers: stranger.auth,
      payload: { url: 'x', guid },
    });
    expect(saved.statusCode).toBe(404);
  });

  it('serves a measured pass rate with the section, the latest one, and the sites it was measured on', async () => {
    const account = await withCheckups();
    await storePassRates(
      t.database.query,
      new Map([['robots-txt', { rate: 0.5, sites: 90 }]]),
      'old list',
      '2026-01-01',
    );
    await storePassRates(
      t.database.query,
      new Map([['robots-txt', { rate: 0.87, sites: 84 }]]),
      'Tranco top 100',
      '2026-11-01',
    );
    const { guid } = (await start(account, { url: `${site.origin}/`, sections: SECTIONS })).json();
    await work(guid);
    const robots = (await section(account, guid, 'robots-txt')).json();
    expect(robots.top_100_pass_rate).toBeCloseTo(0.87);
    expect(robots.pass_rate_sample).toEqual({ name: 'Tranco top 100', sites: 84, measured_on: '2026-11-01' });
    // Measured again the same day: the new measurement replaces it, name and all.
    await storePassRates(
      t.database.query,
      new Map([['robots-txt', { rate: 0.9, sites: 80 }]]),
      'My list',
      '2026-11-01',
    );
    expect((await section(account, guid, 'robots-txt')).json().pass_rate_sample).toEqual({
      name: 'My list',
      sites: 80,
      measured_on: '2026-11-01',
    });
    const hsts = (await section(account, guid, 'hsts')).json();
    expect(hsts.top_100_pass_rate).toBeNull();
    expect(hsts.pass_rate_sample).toBeNull();
  });

  it('keeps one Chromium warm across checkups and closes it when the worker stops', async () => {
    const account = await withCheckups();
    // The browser processes this process launched (their renderers come and go with each context).
    const chromiums = () => childrenOf(process.pid).filter((pid) => commandOf(pid).includes('chromium'));
    const snapshotOf = async () => {
      const { guid } = (
        await start(account, { url: `${site.origin}/`, sections: ['mobile-snapshot'] })
      ).json();
      await work(guid);
      return (await section(account, guid, 'mobile-snapshot')).json().result;
    };
    expect((await snapshotOf()).status).toBe('passed');
    const first = chromiums();
    expect(first.length).toBeGreaterThan(0);
    expect((await snapshotOf()).status).toBe('passed');
    // The same browser served the second checkup: no launch per checkup.
    expect(chromiums()).toEqual(first);
    await closeWorkerBrowser();
    expect(chromiums()).toEqual([]);
  });

  it('downloads a finished report as a PDF with the URL in it, and its mobile snapshot', async () => {
    const account = await withCheckups();
    const url = `${site.origin}/`;
    const { guid } = (await start(account, { url, sections: [...SECTIONS, 'mobile-snapshot'] })).json();
    await work(guid);
    const pdf = await t.app.inject({ url: `/api/report/${guid}/pdf`, headers: account.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /attachment; filename="seo-checkup-127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(url);
    const snapshotSection = (await section(account, guid, 'mobile-snapshot')).json();
    expect(snapshotSection.result.snapshot_url).toBe(
      `/api/report/${guid}/snapshot?url=${encodeURIComponent(url)}`,
    );
    const png = await t.app.inject({ url: snapshotSection.result.snapshot_url, headers: account.auth });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

/** The processes whose parent is `parent`, from /proc. */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces; the parent is the second field after the closing ')'.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent)
        children.push(Number(entry));
    } catch {
      // ended while listed
    }
  }
  return children.sort((a, b) => a - b);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
