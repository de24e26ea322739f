import { CHECKUP_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { serveSites } from '../../test/deep-analysis';

let t: TestApp;
let owner: Account;
let served: Awaited<ReturnType<typeof serveSites>>;

/** A site that only speaks http: its https port refuses, as a server without TLS does. */
const PAGE = {
  body: '<!doctype html><html lang="en"><head><title>Plain</title></head><body><h1>Plain</h1></body></html>',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await teamAccount(t, { seo_analysis_limit: 20, max_competitors: 2 });
  served = await serveSites({ plain: { '/': PAGE }, rival: { '/': PAGE }, sure: { '/': PAGE } });
  // Port 9 (discard) is closed here: https to the site is refused.
  process.env.FETCH_CONNECT_TO += ['plain', 'rival', 'sure']
    .map((name) => `,${name}.example.com:443:127.0.0.1:9`)
    .join('');
});
afterAll(async () => {
  await served.close();
  await t.close();
});

const start = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/report', headers: owner.auth, payload });

const reportUrl = async (guid: string) =>
  (await t.database.query<{ url: string }>('select url from reports where id = $1', [guid]))[0]?.url;

describe('a bare address in the quick checkup', () => {
  it('is checked over http when https cannot connect, and the reply says so', async () => {
    const res = await start({ url: 'https://plain.example.com/', https_assumed: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.url).toBe('http://plain.example.com/');
    expect(body.scheme_note).toBe(
      CHECKUP_MESSAGES.checkedOverHttp('http://plain.example.com/', 'it refused the connection'),
    );
    expect(body.scheme_note).toBe(
      'https://plain.example.com/ could not be reached (it refused the connection), so http://plain.example.com/ was checked instead.',
    );
    expect(await reportUrl(body.guid)).toBe('http://plain.example.com/');
  });

  it('keeps the https the user typed, and https for a name that does not resolve', async () => {
    const typed = await start({ url: 'https://plain.example.com/' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json()).toMatchObject({ url: 'https://plain.example.com/', scheme_note: null });

    // No name, no site on either scheme: nothing to fall back to, the checkup says why it failed.
    const nowhere = await start({ url: 'https://nowhere.invalid/', https_assumed: true });
    expect(nowhere.statusCode, nowhere.body).toBe(201);
    expect(nowhere.json()).toMatchObject({ url: 'https://nowhere.invalid/', scheme_note: null });
  });

  it('in a competitor field is checked the same way, each competitor on its own, and the reply says which', async () => {
    const res = await start({
      url: 'http://plain.example.com/',
      competitors: ['https://rival.example.com/', 'https://sure.example.com/'],
      competitors_https_assumed: [true, false],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      url: 'http://plain.example.com/',
      competitor_urls: ['http://rival.example.com/', 'https://sure.example.com/'],
      scheme_note: CHECKUP_MESSAGES.checkedOverHttp('http://rival.example.com/', 'it refused the connection'),
    });
    const targets = await t.database.query<{ url: string }>(
      'select url from report_targets where report_id = $1 order by position',
      [res.json().guid],
    );
    expect(targets.map((row) => row.url)).toEqual([
      'http://plain.example.com/',
      'http://rival.example.com/',
      'https://sure.example.com/',
    ]);
  });

  it('refuses a malformed flag with the field named, never a 500', async () => {
    const res = await start({ url: 'https://plain.example.com/', https_assumed: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('https_assumed');
  });
});
