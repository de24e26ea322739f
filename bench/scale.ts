// `npm run bench -- scale [--rounds 3] [--only name,…]`: the scale and time-budget cases the test
// suite used to hold. Each case runs its work at full size (50,000 URLs, bodies 100,000 levels
// deep…) against the peer, the same work at the size the suite now uses, alternating who goes
// first each round, after a warm-up of each. It prints every round, the medians, the ratio
// full/suite size beside the ratio of the sizes (how the work scales), and the bound the suite
// used to assert as a goal, met or not. Every answer is checked as the suite checks it: a wrong one
// stops the benchmark with the case's name. The spelling case's peer is the same page's first check
// (dictionary lookups) and its subject the page checked again (answered from memory).

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  collectSitemapUrls,
  createGuardedFetcher,
  type EngineFetch,
  engineFetch,
  excludedByPattern,
  groupPages,
  runCheckup,
  type SitemapEntry,
  type SitemapFile,
  writeSitemap,
} from '@sitelens/engine';
import { startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { startSite } from '@sitelens/engine/testing/fixture-sites';
import { validateSitemap } from '@sitelens/engine/testing/sitemap-schema';
import { MAX_JSON_DEPTH } from '@sitelens/server/src/http/body-limits';
import {
  type Account,
  createTestApp,
  registerUser,
  startTrial,
  type TestApp,
  teamAccount,
} from '@sitelens/server/src/test/app';
import { describeAnswer, fuzzEveryOperation, fuzzOperations } from '@sitelens/server/src/test/fuzz';
import pg from 'pg';
import { median } from './lib';

/** The PostgreSQL server the audit lists run on a second time: a fresh database, dropped after. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Side = 'subject' | 'peer';
type Timings = Record<string, number>;

interface Prepared {
  /** One measured run of a side: its timings in ms. Throws on a wrong answer. */
  run(side: Side): Promise<Timings>;
  /** Once after the rounds, unmeasured by them: what is too slow to repeat. */
  finish?(): Promise<void>;
  close(): Promise<void>;
}

interface ScaleCase {
  name: string;
  /** The work, and the test file that keeps the suite's size of it. */
  what: string;
  sides: Record<Side, { label: string; size?: number }>;
  /** The bounds the suite asserted on the subject: a median in ms, or a ratio subject/peer. */
  goals?: Record<string, { ms?: number; ratio?: number }>;
  /** The peer must run before the subject in every round (the subject reuses its work). */
  peerFirst?: boolean;
  /** The case, or why it is skipped. */
  prepare(): Promise<Prepared | string>;
}

const fmt = (n: number) => n.toLocaleString('en-US');

// ---- packages/engine/src/crawl/crawler.test.ts: a sitemap file past the protocol's limit ----

const sitemapImport: ScaleCase = {
  name: 'sitemap-import',
  what: 'collectSitemapUrls reading one sitemap file from 127.0.0.1 (suite: crawler.test.ts, the limit lowered to 2,000; also the counting past it of engine/test/sitemaps.test.ts)',
  sides: { subject: { label: '50,001 URLs', size: 50_001 }, peer: { label: '2,001 URLs', size: 2_001 } },
  async prepare() {
    const urlset = (count: number) =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
        { length: count },
        (_, i) => `<url><loc>{{origin}}/p/${i}</loc></url>`,
      ).join('')}</urlset>`;
    const xml = (body: string) => ({ headers: { 'content-type': 'application/xml' }, body });
    const site = await startCrawlSite({
      '/subject.xml': xml(urlset(50_001)),
      '/peer.xml': xml(urlset(2_001)),
    });
    const fetcher = createGuardedFetcher({ allowPrivate: site.allow });
    const fetch = engineFetch(fetcher);
    return {
      async run(side) {
        const listed = side === 'subject' ? 50_001 : 2_001;
        const started = performance.now();
        const result = await collectSitemapUrls(fetch, [`${site.origin}/${side}.xml`], {
          site: '127.0.0.1',
          maxUrls: 60_000,
        });
        const ms = performance.now() - started;
        const kept = Math.min(listed, 50_000);
        assert.equal(result.urls.length, kept);
        assert.equal(result.urls.at(-1), `${site.origin}/p/${kept - 1}`);
        assert.equal(result.capped, false);
        assert.equal(result.files[0]!.urlCount, listed);
        assert.deepEqual(
          result.files[0]!.errors,
          listed > 50_000 ? [`It lists ${listed} URLs; the limit is 50,000 per file.`] : [],
        );
        return { import: ms };
      },
      async close() {
        await fetcher.close();
        await site.close();
      },
    };
  },
};

// ---- packages/engine/src/sitemap/write-sitemap.test.ts: splitting at the default limit ----

const sitemapWrite: ScaleCase = {
  name: 'sitemap-write',
  what: 'writeSitemap splitting pages at 50,000 a file into an index and two parts, the peer at 2,000 a file (suite: write-sitemap.test.ts); every file validated against sitemap.xsd once after the rounds',
  sides: { subject: { label: '50,001 pages', size: 50_001 }, peer: { label: '2,001 pages', size: 2_001 } },
  async prepare() {
    const entries = (count: number): SitemapEntry[] =>
      Array.from({ length: count }, (_, i) => ({
        loc: `https://example.com/p/${i}`,
        lastmod: null,
        images: [],
        depth: null,
      }));
    const options = { origin: 'https://example.com', gzip: false, changefreq: null, priority: false };
    const written: Partial<Record<Side, SitemapFile[]>> = {};
    return {
      async run(side) {
        const perFile = side === 'subject' ? 50_000 : 2_000;
        const pages = entries(perFile + 1);
        const started = performance.now();
        const files = writeSitemap(
          pages,
          side === 'subject' ? options : { ...options, maxUrlsPerFile: perFile },
        );
        const ms = performance.now() - started;
        assert.deepEqual(
          files.map(({ name, entries, index }) => ({ name, entries, index })),
          [
            { name: 'sitemap.xml', entries: 2, index: true },
            { name: 'sitemap-1.xml', entries: perFile, index: false },
            { name: 'sitemap-2.xml', entries: 1, index: false },
          ],
        );
        assert.match(
          files[2]!.content.toString('utf8'),
          new RegExp(`<loc>https://example.com/p/${perFile}</loc>`),
        );
        written[side] = files;
        return { write: ms };
      },
      async finish() {
        const started = performance.now();
        for (const file of written.subject!) {
          const result = await validateSitemap(file.content.toString('utf8'));
          assert.deepEqual(result.errors, [], `${file.name} does not validate`);
        }
        console.info(
          `   the 50,001 pages' ${written.subject!.length} files validate (${fmt(Math.round(performance.now() - started))} ms)`,
        );
      },
      async close() {},
    };
  },
};

// ---- packages/engine/src/crawl/page-groups.test.ts: grouping pages by pattern and template ----

const pageGroups: ScaleCase = {
  name: 'page-groups',
  what: 'groupPages on pages of 40 URL patterns and 300 templates (suite: page-groups.test.ts)',
  sides: { subject: { label: '50,000 pages', size: 50_000 }, peer: { label: '2,000 pages', size: 2_000 } },
  goals: { group: { ms: 5_000 } },
  async prepare() {
    // 300 layouts far apart: 64 bits of a hash of each, as simhashes of unrelated features are.
    const layouts = Array.from({ length: 300 }, (_, k) =>
      createHash('sha256').update(`layout-${k}`).digest('hex').slice(0, 16),
    );
    const pagesOf = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: String(i),
        url: `https://example.com/s${i % 40}/page-${i}`,
        layoutHash: layouts[i % 300]!,
      }));
    const pages = { subject: pagesOf(50_000), peer: pagesOf(2_000) };
    return {
      async run(side) {
        const started = performance.now();
        const groups = groupPages(pages[side]);
        const ms = performance.now() - started;
        const ids = groups.flatMap((group) => group.ids);
        assert.equal(ids.length, pages[side].length);
        assert.equal(new Set(ids).size, pages[side].length);
        // 40 patterns of 15 templates each: every template a group of its own, of one pattern.
        assert.equal(groups.length, 40 * 15);
        for (const group of groups) assert.equal(new Set(group.ids.map((id) => Number(id) % 40)).size, 1);
        return { group: ms };
      },
      async close() {},
    };
  },
};

// ---- apps/server/src/modules/deep-analysis/audit.test.ts: the audit's lists on many URLs ----

interface Statement {
  text: string;
  params: unknown[];
}

function auditCase(backend: 'PGlite' | 'PostgreSQL'): ScaleCase {
  return {
    name: `audit-${backend.toLowerCase()}`,
    what: `the audit's lists and aggregates through the API on ${backend}, analysed URLs each failing meta-title, half image-alt, a tenth in a group: three pages of affected URLs, failed checks (all and one group), affected groups; each list's plan read from its indexes (suite: audit.test.ts)`,
    sides: { subject: { label: '50,000 URLs', size: 50_000 }, peer: { label: '2,000 URLs', size: 2_000 } },
    goals: {
      'affected, first': { ms: 2_000 },
      'affected, deep': { ms: 2_000 },
      'affected, group': { ms: 2_000 },
      'failed checks': { ms: 5_000 },
      'failed, group': { ms: 5_000 },
      'affected groups': { ms: 5_000 },
    },
    prepare: () => prepareAudit(backend),
  };
}

async function prepareAudit(backend: 'PGlite' | 'PostgreSQL'): Promise<Prepared | string> {
  const saved = process.env.TEST_DATABASE_URL;
  if (backend === 'PostgreSQL') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    try {
      await admin.connect();
    } catch (error) {
      return `${POSTGRES_URL} refused (${(error as Error).message})`;
    } finally {
      await admin.end().catch(() => {});
    }
    process.env.TEST_DATABASE_URL = POSTGRES_URL;
  } else delete process.env.TEST_DATABASE_URL;
  let t: TestApp;
  try {
    t = await createTestApp();
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  const owner = await teamAccount(t, {
    max_tracked_websites: 10,
    max_monitored_regions: 1,
    dp_max_urls: 100_000,
  });
  const sites = {
    subject: await auditSite(t, owner, 'large', 50_000),
    peer: await auditSite(t, owner, 'small', 2_000),
  };
  await t.database.query('analyze serviceable_urls');
  await t.database.query('analyze url_check_results');

  // Record the statements each call runs, to read their plans with the same parameters.
  const database = t.app.deps.database;
  const original = database.query;
  const ran: Statement[] = [];
  database.query = ((text: Parameters<typeof original>[0], params: unknown[] = []) => {
    // Prepared statements (the caller's session) are not the lists'.
    if (typeof text === 'string') ran.push({ text, params });
    return original(text, params);
  }) as typeof database.query;
  const planOf = async (statement: Statement) =>
    (await original<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.params))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  const timed = async (url: string) => {
    ran.length = 0;
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: owner.auth });
    const ms = performance.now() - started;
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return { body: res.json(), ms, statements: [...ran] };
  };

  return {
    async run(side) {
      const { id, tenth, urls } = sites[side];
      const affected = `/on-page-seo/affected-urls/${id}`;
      const first = await timed(`${affected}/all/meta-title`);
      const deep = await timed(
        `${affected}/all/image-alt?last_evaluated_key=${first.body.meta.last_evaluated_key}`,
      );
      const grouped = await timed(`${affected}/${tenth}/image-alt`);
      const failed = await timed(`/on-page-seo/website-failed-checks/${id}`);
      const failedInGroup = await timed(`/on-page-seo/website-failed-checks/${id}?cluster_guid=${tenth}`);
      const clusters = await timed(`/on-page-seo/affected-clusters/${id}/image-alt`);

      for (const page of [first, deep, grouped]) {
        assert.equal(page.body.data.length, 25);
        const listing = page.statements.find((s) => /from url_check_results r/.test(s.text));
        assert.ok(listing, 'no listing statement');
        const plan = await planOf(listing);
        assert.match(plan, /url_check_results_check_idx/);
        assert.doesNotMatch(plan, /Seq Scan on (serviceable_urls|url_check_results)/);
      }
      assert.equal(failed.body.meta.analyzed_urls, urls);
      assert.deepEqual(
        failed.body.data.map((row: { test_key: string; affected_urls: number }) => [
          row.test_key,
          row.affected_urls,
        ]),
        [
          ['meta-title', urls],
          ['image-alt', urls / 2],
        ],
      );
      assert.equal(failedInGroup.body.meta.analyzed_urls, urls / 10);
      assert.deepEqual(
        clusters.body.map((c: { guid: string; affected_urls: number }) => [c.guid, c.affected_urls]),
        [
          ['ungrouped', (urls * 2) / 5],
          [tenth, urls / 10],
        ],
      );
      // The monitored-URL list: a keyset page deep into the website.
      const [middle] = await original<{ seq: string }>(
        'select seq from serviceable_urls where website_id = $1 order by seq offset $2 limit 1',
        [id, (urls * 4) / 5],
      );
      const urlPlan = (
        await original<{ 'QUERY PLAN': string }>(
          'explain select id, url from serviceable_urls where website_id = $1 and seq > $2 order by seq limit 26',
          [id, middle!.seq],
        )
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      assert.match(urlPlan, /serviceable_urls_page_idx/);
      assert.doesNotMatch(urlPlan, /Seq Scan/);

      return {
        'affected, first': first.ms,
        'affected, deep': deep.ms,
        'affected, group': grouped.ms,
        'failed checks': failed.ms,
        'failed, group': failedInGroup.ms,
        'affected groups': clusters.ms,
      };
    },
    async close() {
      database.query = original;
      await t.close();
    },
  };
}

/** A tracked website with `urls` analysed URLs, every tenth in a group, seeded as audit.test.ts seeds it. */
async function auditSite(
  t: TestApp,
  owner: Account,
  name: string,
  urls: number,
): Promise<{ id: string; tenth: string; urls: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/website-index',
    headers: owner.auth,
    payload: { domain: `${name}.example.com`, homepage_url: `https://${name}.example.com/` },
  });
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json().guid as string;
  const [website] = await t.database.query<{ organization_id: string }>(
    'select organization_id from websites where id = $1',
    [id],
  );
  const organizationId = website!.organization_id;
  const [cluster] = await t.database.query<{ id: string }>(
    `insert into url_clusters (organization_id, website_id, title, description) values ($1, $2, $3, $4) returning id`,
    [organizationId, id, 'Every tenth', 'All about every tenth'],
  );
  const tenth = cluster!.id;
  await t.database.query(
    `insert into serviceable_urls (organization_id, website_id, url, source, crawl_state, status_code, cluster_id,
                                   score, passed, warning, failed, analysed_at)
     select $1, $2, 'https://${name}.example.com/p/' || i, 'sitemap', 'done', 200,
            case when i % 10 = 0 then $3::uuid end, 50, 1, 0, 2, now() - make_interval(secs => i)
       from generate_series(1, $4::int) as i`,
    [organizationId, id, tenth, urls],
  );
  // Every URL fails meta-title and passes meta-description; the even ones fail image-alt.
  await t.database.query(
    `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
     select u.id, u.website_id, c.key, case when c.key = 'meta-description' then 'passed' else 'failed' end, 5, '', '{}'
       from serviceable_urls u cross join (values ('meta-title'), ('meta-description'), ('image-alt')) as c(key)
      where u.website_id = $1 and (c.key <> 'image-alt' or split_part(u.url, '/p/', 2)::int % 2 = 0)`,
    [id],
  );
  return { id, tenth, urls };
}

// ---- apps/server/src/http/fuzz.test.ts and body-limits.test.ts: bodies nested far too deep ----

const deepBodies: ScaleCase = {
  name: 'deep-bodies',
  what: `JSON bodies nested past the ${MAX_JSON_DEPTH}-level limit, whole and in each string field, to every operation of the OpenAPI document signed in and anonymous (suite: fuzz.test.ts at 2,000 levels), and one POST over a real connection (suite: body-limits.test.ts); after the rounds the whole fuzz of fuzz.test.ts once at 100,000 levels, each answer held to its old budget`,
  sides: {
    subject: { label: '100,000 deep', size: 100_000 },
    peer: { label: '2,000 deep', size: 2_000 },
  },
  goals: { 'slowest answer': { ms: 1_500 } },
  async prepare() {
    const t = await createTestApp();
    const account = await registerUser(t.app);
    await startTrial(t.app, account);
    const operations = await fuzzOperations(t.app);
    assert.ok(operations.length > 50, `only ${operations.length} operations`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const refusal = {
      error: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      code: 'bad_request',
    };
    return {
      async run(side) {
        const depth = side === 'subject' ? 100_000 : 2_000;
        const started = performance.now();
        const answers = await fuzzEveryOperation(t.app, account, operations, { depth, deepOnly: true });
        const pass = performance.now() - started;
        assert.deepEqual(answers.filter((a) => a.status >= 500).map(describeAnswer), [], '5xx answers');
        assert.deepEqual(
          answers.filter((a) => !a.inErrorFormat).map(describeAnswer),
          [],
          'not in the error format',
        );
        const bodies = answers.filter((a) => a.signedIn && /^(POST|PUT|PATCH) /.test(a.operation));
        assert.ok(bodies.length > 100, `only ${bodies.length} deep bodies with a body method`);
        assert.deepEqual(
          bodies
            .filter((a) => a.status !== 400 || !a.body.includes('nested deeper than'))
            .map(describeAnswer),
          [],
          'deep bodies not refused by the depth guard',
        );

        const body = '['.repeat(depth) + ']'.repeat(depth);
        const socketStarted = performance.now();
        const socket = await postOverSocket(port, '/api/organization', body, account.auth);
        const socketMs = performance.now() - socketStarted;
        assert.equal(socket.status, 400, socket.body);
        assert.deepEqual(JSON.parse(socket.body), refusal);

        return {
          'every operation': pass,
          'slowest answer': Math.max(...answers.map((a) => a.ms)),
          'over a socket': socketMs,
        };
      },
      async finish() {
        const started = performance.now();
        const answers = await fuzzEveryOperation(t.app, account, operations, { depth: 100_000 });
        const elapsed = performance.now() - started;
        assert.deepEqual(answers.filter((a) => a.status >= 500).map(describeAnswer), [], '5xx answers');
        assert.deepEqual(
          answers.filter((a) => !a.inErrorFormat).map(describeAnswer),
          [],
          'not in the error format',
        );
        const slow = answers.filter((a) => a.ms > 1_500);
        const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
        console.info(
          `   the whole fuzz at 100,000 levels: ${operations.length} operations, ${fmt(answers.length)} requests in ${fmt(Math.round(elapsed))} ms, no 5xx; slowest ${describeAnswer(slowest).slice(0, 160)}`,
        );
        console.info(
          `   answers over 1,500 ms: ${slow.length}  (goal 0, ${slow.length === 0 ? 'met' : 'not met'})${slow.length ? `: ${slow.slice(0, 3).map(describeAnswer).join('; ')}` : ''}`,
        );
        assert.equal((await t.app.inject({ url: '/api/health' })).statusCode, 200);
      },
      close: () => t.close(),
    };
  },
};

/** POSTs JSON text over a real connection, with its length; the status and body. */
function postOverSocket(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.end(body);
  });
}

// ---- packages/engine/src/sitemap/path-patterns.test.ts: a pattern full of wildcards ----

const wildcards: ScaleCase = {
  name: 'wildcards',
  what: 'excludedByPattern with a pattern of 31 wildcards that does not match, 20 calls per run, time per call (suite: path-patterns.test.ts)',
  sides: { subject: { label: '2,000-char path', size: 2_000 }, peer: { label: '200-char path', size: 200 } },
  goals: { 'per call': { ms: 1_000 } },
  async prepare() {
    const pattern = `/${'*a'.repeat(30)}*b`;
    return {
      async run(side) {
        const url = `https://example.com/${'a'.repeat(side === 'subject' ? 2_000 : 200)}`;
        const started = performance.now();
        for (let i = 0; i < 20; i++) assert.equal(excludedByPattern(url, [pattern]), false);
        const ms = (performance.now() - started) / 20;
        assert.equal(excludedByPattern(`${url}b`, [pattern]), true);
        return { 'per call': ms };
      },
      async close() {},
    };
  },
};

// ---- packages/engine/src/checks/spell-check.test.ts: suggestions kept per word ----

const spellingCache: ScaleCase = {
  name: 'spelling-cache',
  what: 'the spell-check of a page with four unknown words (each a dictionary lookup of about a second), the peer its first check, the subject the same page again (suite: spell-check.test.ts, which counts the lookups instead)',
  sides: { subject: { label: 'checked again' }, peer: { label: 'first check' } },
  goals: { 'page check': { ratio: 0.2 } },
  peerFirst: true,
  async prepare() {
    let pageNumber = 0;
    let page: { fetch: EngineFetch; result: unknown } | null = null;
    const letters = (n: number) => String.fromCharCode(97 + (Math.floor(n / 26) % 26), 97 + (n % 26));
    const check = async (fetch: EngineFetch) => {
      const started = performance.now();
      const report = await runCheckup({
        url: 'https://example.com/',
        fetch,
        sections: ['spell-check'],
        browser: false,
      });
      return { ms: performance.now() - started, result: report.results };
    };
    return {
      async run(side) {
        if (side === 'peer') {
          // Words no page of this process has used: each is looked up.
          const words = [0, 1, 2, 3].map((k) => `qzx${letters(pageNumber * 4 + k)}v`).join(' ');
          pageNumber++;
          const html = `<html lang="en"><body><main><p>We build oak tables by hand. ${words} ${words}</p></main></body></html>`;
          const fetch: EngineFetch = async (url) => ({
            requestedUrl: url,
            finalUrl: url,
            status: url === 'https://example.com/' ? 200 : 404,
            headers: { 'content-type': 'text/html; charset=utf-8' },
            body: html,
            raw: Buffer.from(html),
            protocol: 'http/1.1',
            bytes: Buffer.byteLength(html),
            transferBytes: null,
            truncated: false,
            redirects: [],
            timings: { total: 1 },
          });
          const first = await check(fetch);
          const soft = (first.result as { data?: { spelling_issues?: { soft: unknown[] } } }[])[0]?.data
            ?.spelling_issues?.soft;
          assert.equal(soft?.length, 4, JSON.stringify(first.result));
          page = { fetch, result: first.result };
          return { 'page check': first.ms };
        }
        assert.ok(page, 'the peer runs first');
        const again = await check(page.fetch);
        assert.deepEqual(again.result, page.result);
        return { 'page check': again.ms };
      },
      async close() {},
    };
  },
};

// ---- packages/engine/test/sitemaps.test.ts: entities are not expanded ----

const billionLaughs: ScaleCase = {
  name: 'billion-laughs',
  what: "reading a sitemap that declares nested entities (billion laughs) with the sitemap reader, against the fixture site's plain gzipped sitemap (suite: engine/test/sitemaps.test.ts, through the checkup's gatherer)",
  sides: { subject: { label: 'billion laughs' }, peer: { label: 'plain sitemap' } },
  goals: { read: { ms: 2_000 } },
  async prepare() {
    const site = await startSite('cases');
    const fetcher = createGuardedFetcher({ allowPrivate: site.allow });
    const fetch = engineFetch(fetcher);
    return {
      async run(side) {
        const file = side === 'subject' ? '/billion-laughs.xml' : '/sitemap-pages.xml.gz';
        const started = performance.now();
        const result = await collectSitemapUrls(fetch, [site.origin + file], {
          site: '127.0.0.1',
          maxUrls: 1_000,
        });
        const ms = performance.now() - started;
        if (side === 'subject') {
          assert.deepEqual(result.urls, []);
          assert.match(result.files[0]!.errors[0] ?? '', /not valid XML/);
          assert.ok(!JSON.stringify(result).includes('lollollol'), 'an entity was expanded');
        } else {
          assert.equal(result.files[0]!.urlCount, 2);
          assert.equal(result.files[0]!.gzip, true);
        }
        return { read: ms };
      },
      async close() {
        await fetcher.close();
        await site.close();
      },
    };
  },
};

const CASES: ScaleCase[] = [
  sitemapImport,
  sitemapWrite,
  pageGroups,
  auditCase('PGlite'),
  auditCase('PostgreSQL'),
  deepBodies,
  wildcards,
  spellingCache,
  billionLaughs,
];

/** Runs the cases (those whose names start with one of `only`, or all), each for `rounds` rounds. */
export async function benchScale(options: { rounds: number; only?: string[] }): Promise<void> {
  const chosen = CASES.filter((c) => !options.only || options.only.some((name) => c.name.startsWith(name)));
  if (chosen.length === 0)
    throw new Error(`no case matches ${options.only?.join(', ')}: ${CASES.map((c) => c.name).join(', ')}`);
  const summary: string[] = [];
  for (const scaleCase of chosen) {
    console.info(`\n${scaleCase.name}: ${scaleCase.what}`);
    const prepared = await scaleCase.prepare();
    if (typeof prepared === 'string') {
      console.info(`   skipped: ${prepared}`);
      summary.push(`${scaleCase.name.padEnd(16)} skipped`);
      continue;
    }
    try {
      const run = async (side: Side) => {
        try {
          return await prepared.run(side);
        } catch (error) {
          throw new Error(`${scaleCase.name}, ${scaleCase.sides[side].label}: ${(error as Error).message}`, {
            cause: error,
          });
        }
      };
      // Warm-up: code paths compiled, caches and connections made.
      await run('peer');
      await run('subject');
      const rows: { subject: Timings; peer: Timings }[] = [];
      for (let i = 1; i <= options.rounds; i++) {
        const peerFirst = scaleCase.peerFirst || i % 2 === 0;
        const first = await run(peerFirst ? 'peer' : 'subject');
        const second = await run(peerFirst ? 'subject' : 'peer');
        const row = peerFirst ? { subject: second, peer: first } : { subject: first, peer: second };
        rows.push(row);
        const parts = Object.keys(row.subject).map(
          (name) => `${name} ${ms(row.subject[name]!)} / ${ms(row.peer[name]!)}`,
        );
        console.info(`   round ${i}: ${parts.join(', ')} ms`);
      }
      summary.push(...printMedians(scaleCase, rows));
      await prepared.finish?.();
    } finally {
      await prepared.close();
    }
  }
  console.info('\nsummary (medians, subject / peer, every answer checked):');
  for (const line of summary) console.info(` ${line}`);
  console.info('');
}

/** A ratio with its significant digits, however small. */
const ratio = (value: number) =>
  value >= 10 ? value.toFixed(1) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);

const ms = (value: number) =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : fmt(Math.round(value));

/** The medians of each timing, their ratio beside the sizes', and the goal; the summary's lines. */
function printMedians(scaleCase: ScaleCase, rows: { subject: Timings; peer: Timings }[]): string[] {
  const { subject, peer } = scaleCase.sides;
  const sizeRatio = subject.size && peer.size ? subject.size / peer.size : null;
  console.info(
    `\n   ${'median (ms)'.padEnd(18)} ${subject.label.padStart(16)} ${peer.label.padStart(16)} ${'ratio'.padStart(8)} ${'of sizes'.padStart(9)}   goal`,
  );
  const lines: string[] = [];
  for (const name of Object.keys(rows[0]!.subject)) {
    const s = median(rows.map((r) => r.subject[name]!));
    const p = median(rows.map((r) => r.peer[name]!));
    const goal = scaleCase.goals?.[name];
    const verdict = goal?.ms
      ? `≤ ${fmt(goal.ms)} ms: ${s <= goal.ms ? 'met' : 'not met'}`
      : goal?.ratio
        ? `ratio ≤ ${goal.ratio}: ${s / p <= goal.ratio ? 'met' : 'not met'}`
        : '';
    console.info(
      `   ${name.padEnd(18)} ${ms(s).padStart(16)} ${ms(p).padStart(16)} ${ratio(s / p).padStart(8)} ${(sizeRatio ? sizeRatio.toFixed(1) : '').padStart(9)}   ${verdict}`,
    );
    lines.push(
      `${scaleCase.name.padEnd(16)} ${name.padEnd(16)} ${ms(s).padStart(8)} / ${ms(p).padStart(8)} ms  ×${ratio(s / p)}${sizeRatio ? ` for ×${sizeRatio.toFixed(1)} the size` : ''}${verdict ? `  (${verdict})` : ''}`,
    );
  }
  return lines;
}
