import {
  AFFECTED_URLS_CSV_COLUMNS,
  DEEP_ANALYSIS_AUDIT_MESSAGES,
  MONITORED_URLS_CSV_COLUMNS,
} from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryFn } from '../../db/client';
import { csvCell } from '../../http/csv';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { affectedUrlsCsv, EXPORT_BATCH, monitoredUrlsCsv } from './export';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (account: Account, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: account.auth });
const withUrls = () =>
  teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 1, dp_max_urls: 5000 });
const header = (columns: readonly string[]) => `${columns.join(',')}\r\n`;

/** A website of the account, and its organization. */
async function website(account: Account, domain: string): Promise<{ w: string; organization: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/website-index',
    headers: account.auth,
    payload: { domain, homepage_url: `https://${domain}/` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const w = created.json().guid as string;
  const [row] = await t.database.query<{ organization_id: string }>(
    'select organization_id from websites where id = $1',
    [w],
  );
  return { w, organization: row!.organization_id };
}

/** Reads every chunk of a CSV generator into one text. */
async function readAll(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('CSV cells', () => {
  it('are quoted per RFC 4180 and never start a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x",1)')).toBe(`"'=HYPERLINK(""x"",1)"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
  });
});

describe('the CSV exports', () => {
  it('list every monitored URL and every URL failing a check, quoted, with spreadsheet formulas defused', async () => {
    const account = await withUrls();
    const { w, organization } = await website(account, 'export.example.com');
    const [group] = await t.database.query<{ id: string }>(
      `insert into url_clusters (organization_id, website_id, title, description)
       values ($1, $2, '=HYPERLINK("http://evil.example")', 'A group named like a formula') returning id`,
      [organization, w],
    );
    const analysed = '2025-03-04T05:06:07.000Z';
    const urls = await t.database.query<{ id: string; url: string }>(
      `insert into serviceable_urls (organization_id, website_id, url, source, cluster_id, status_code, score, passed,
                                     warning, failed, not_applicable, analysed_at, depth, in_sitemap)
       values ($1, $2, 'https://export.example.com/', 'sitemap', null, 200, 91, 50, 3, 1, 41, $4, 0, true),
              ($1, $2, 'https://export.example.com/a,b"c', 'link', $3, 404, 40, 20, 2, 9, 64, $4, 2, false),
              ($1, $2, 'https://export.example.com/new', 'manual', $3, null, null, null, null, null, null, null, null, false)
       returning id, url`,
      [organization, w, group!.id, analysed],
    );
    await t.database.query(
      `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
       values ($1, $3, 'meta-title', 'failed', 9, 'The title is missing, "really".', '{}'),
              ($2, $3, 'meta-title', 'failed', 9, '-1 characters
              long', '{}'),
              ($1, $3, 'meta-description', 'failed', 9, 'Not this check.', '{}')`,
      [urls[0]!.id, urls[1]!.id, w],
    );
    await t.database.query(
      `insert into site_check_results (website_id, origin, check_key, status, relevance, message, data)
       values ($1, 'https://export.example.com', 'robots-txt', 'failed', 5, 'robots.txt answers 500.', '{}'),
              ($1, 'https://elsewhere.example.com', 'robots-txt', 'passed', 5, 'Fine.', '{}')`,
      [w],
    );

    const res = await get(account, `/serviceable-url/${w}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="export.example.com-monitored-urls.csv"',
    );
    expect(res.body).toBe(
      header(MONITORED_URLS_CSV_COLUMNS) +
        `https://export.example.com/,,200,91,50,3,1,41,${analysed},0,true\r\n` +
        `"https://export.example.com/a,b""c","'=HYPERLINK(""http://evil.example"")",404,40,20,2,9,64,${analysed},2,false\r\n` +
        `https://export.example.com/new,"'=HYPERLINK(""http://evil.example"")",,,,,,,,,false\r\n`,
    );

    const failing = await get(account, `/on-page-seo/affected-urls/${w}/meta-title/export.csv`);
    expect(failing.statusCode, failing.body).toBe(200);
    expect(failing.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(failing.headers['content-disposition']).toBe(
      'attachment; filename="export.example.com-meta-title-affected-urls.csv"',
    );
    const [first, second] = [...urls.slice(0, 2)].sort((a, b) => (a.id < b.id ? -1 : 1));
    const line = (url: { url: string }) =>
      url.url === 'https://export.example.com/'
        ? 'https://export.example.com/,,200,91,"The title is missing, ""really""."\r\n'
        : `"https://export.example.com/a,b""c","'=HYPERLINK(""http://evil.example"")",404,40,"'-1 characters\n              long"\r\n`;
    expect(failing.body).toBe(header(AFFECTED_URLS_CSV_COLUMNS) + line(first!) + line(second!));

    // An origin check counts against every URL of its origin.
    const origin = await get(account, `/on-page-seo/affected-urls/${w}/robots-txt/export.csv`);
    expect(
      origin.body
        .split('\r\n')
        .slice(1, -1)
        .map((row) => row.split(',')[0]),
    ).toEqual([
      'https://export.example.com/',
      '"https://export.example.com/a',
      'https://export.example.com/new',
    ]);
    expect(origin.body).toContain(',robots.txt answers 500.\r\n');
    // No URL fails it: the header alone.
    const none = await get(account, `/on-page-seo/affected-urls/${w}/doctype/export.csv`);
    expect(none.body).toBe(header(AFFECTED_URLS_CSV_COLUMNS));

    const unknown = await get(account, `/on-page-seo/affected-urls/${w}/no-such-check/export.csv`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(DEEP_ANALYSIS_AUDIT_MESSAGES.unknownTest);
    expect((await get(account, `/serviceable-url/not-a-uuid/export.csv`)).statusCode).toBe(400);
    // The router itself refuses a parameter over 100 characters.
    expect(
      (await get(account, `/on-page-seo/affected-urls/${w}/${'k'.repeat(101)}/export.csv`)).statusCode,
    ).toBe(414);

    const stranger = await withUrls();
    for (const url of [
      `/serviceable-url/${w}/export.csv`,
      `/on-page-seo/affected-urls/${w}/meta-title/export.csv`,
    ]) {
      const res = await get(stranger, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('export.example.com');
    }
  });

  it('stream a list larger than a batch complete and in order, a batch per query', async () => {
    const account = await withUrls();
    const { w, organization } = await website(account, 'big.example.com');
    const total = 2500;
    await t.database.query(
      `insert into serviceable_urls (organization_id, website_id, url, source, score, analysed_at)
       select $1, $2, 'https://big.example.com/p/' || i, 'sitemap', i % 101, now()
         from generate_series(1, $3::int) as i order by i`,
      [organization, w, total],
    );
    await t.database.query(
      `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
       select id, website_id, 'meta-title', 'failed', 9, 'No title on ' || url, '{}' from serviceable_urls where website_id = $1`,
      [w],
    );

    const res = await get(account, `/serviceable-url/${w}/export.csv`);
    expect(res.statusCode).toBe(200);
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(total);
    expect(rows.map((row) => row.split(',')[0])).toEqual(
      Array.from({ length: total }, (_, i) => `https://big.example.com/p/${i + 1}`),
    );
    expect(rows[99]!.split(',')[3]).toBe(String(100 % 101));

    const affected = await get(account, `/on-page-seo/affected-urls/${w}/meta-title/export.csv`);
    const expected = await t.database.query<{ url: string }>(
      `select u.url from url_check_results r join serviceable_urls u on u.id = r.url_id
        where r.website_id = $1 and r.check_key = 'meta-title' order by r.url_id`,
      [w],
    );
    const lines = affected.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(total);
    expect(lines.map((row) => row.split(',')[0])).toEqual(expected.map((row) => row.url));
    expect(lines[0]).toBe(`${expected[0]!.url},,,${lines[0]!.split(',')[3]},No title on ${expected[0]!.url}`);

    // Rows come a batch per query: 2,500 rows in three reads of up to 1,000, never all at once.
    const limits: number[] = [];
    const counting: QueryFn = (text, params) => {
      limits.push(Number(params?.at(-1)));
      return t.database.query(text, params);
    };
    expect((await readAll(monitoredUrlsCsv(counting, w))).split('\r\n').length).toBe(total + 2);
    expect(limits).toEqual([EXPORT_BATCH, EXPORT_BATCH, EXPORT_BATCH]);
    limits.length = 0;
    expect((await readAll(affectedUrlsCsv(counting, w, 'meta-title'))).split('\r\n').length).toBe(total + 2);
    expect(limits).toHaveLength(Math.ceil(total / EXPORT_BATCH));
    // Each read is a keyset scan of an index, not a sort of every row.
    const plan = await t.database.query<{ 'QUERY PLAN': string }>(
      `explain select r.url_id from url_check_results r
        where r.website_id = $1 and r.check_key = 'meta-title' and r.status = 'failed' and r.url_id > $2::uuid
        order by r.url_id limit 1000`,
      [w, '00000000-0000-0000-0000-000000000000'],
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Index (Only )?Scan using url_check_results_check_idx/,
    );
  }, 60_000);
});

describe('the OpenAPI document', () => {
  it('lists the exports and the crawl comparison', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of [
      '/api/serviceable-url/{w_guid}/export.csv',
      '/api/on-page-seo/affected-urls/{w_guid}/{key}/export.csv',
      '/api/on-page-seo/crawl-comparison/{w_guid}',
    ])
      expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toContain('404');
  });
});
