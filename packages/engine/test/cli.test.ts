import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main, parseTargetUrl } from '../src/cli';
import { startTarget } from '../src/net/fixture-servers';
import { type FixtureSite, startSite } from './fixture-sites';

function capture() {
  let out = '';
  let err = '';
  return {
    io: (env: Record<string, string> = {}) => ({
      out: { write: (text: string) => (out += text) },
      err: { write: (text: string) => (err += text) },
      env,
    }),
    out: () => out,
    err: () => err,
  };
}

let site: FixtureSite;
beforeAll(async () => {
  site = await startSite('well-made');
});
afterAll(() => site.close());

describe('sitelens-check', () => {
  it('prints one JSON object with the score, categories and every check', async () => {
    const run = capture();
    const code = await main(
      [`${site.origin}/`, '--json', '--sections', 'meta-title,hsts,robots-txt'],
      run.io({ FETCH_ALLOW_PRIVATE: site.allow }),
    );
    expect(code).toBe(EXIT.ok);
    const report = JSON.parse(run.out());
    expect(report).toMatchObject({ url: `${site.origin}/`, final_url: `${site.origin}/` });
    expect(Object.keys(report.checks)).toEqual(['meta-title', 'robots-txt', 'hsts']);
    expect(report.checks['meta-title']).toMatchObject({
      status: 'passed',
      title: 'Handmade Oak Tables and Chairs – Woodline Workshop',
    });
    // Plain http: HSTS cannot apply.
    expect(report.checks.hsts.status).toBe('failed');
    expect(report.score).toBeGreaterThan(0);
    expect(Object.keys(report.categories)).toEqual(['common-seo', 'links-crawlability', 'server-security']);
  });

  it('prints a readable report with how-to-fix for what did not pass', async () => {
    const run = capture();
    await main(
      [`${site.origin}/`, '--sections', 'meta-title,hsts'],
      run.io({ FETCH_ALLOW_PRIVATE: site.allow }),
    );
    expect(run.out()).toContain(`Sitelens checkup of ${site.origin}/`);
    expect(run.out()).toMatch(/Score \d+\/100/);
    expect(run.out()).toContain('Failed (1)');
    expect(run.out()).toContain('How to fix:');
    expect(run.out()).toContain('Passed: 1 of 2 checks');
  });

  it('runs the same sections on a competitor', async () => {
    const run = capture();
    await main(
      [`${site.origin}/`, '--json', '--sections', 'meta-title', '--competitor', `${site.origin}/about.html`],
      run.io({ FETCH_ALLOW_PRIVATE: site.allow }),
    );
    const report = JSON.parse(run.out());
    expect(report.competitors[0]).toMatchObject({
      url: `${site.origin}/about.html`,
      checks: { 'meta-title': { status: 'passed' } },
    });
  });

  it('reads FETCH_CONNECT_TO: a real-looking name checked against the local fixture site', async () => {
    const run = capture();
    const port = new URL(site.origin).port;
    const code = await main(
      ['http://shop.example.test/', '--json', '--sections', 'meta-title', '--no-browser'],
      run.io({ FETCH_CONNECT_TO: `shop.example.test:80:127.0.0.1:${port}` }),
    );
    expect(code, run.err()).toBe(EXIT.ok);
    expect(JSON.parse(run.out())).toMatchObject({
      final_url: 'http://shop.example.test/',
      checks: { 'meta-title': { status: 'passed' } },
    });
  });

  it('exits 2 on a malformed FETCH_CONNECT_TO', async () => {
    const run = capture();
    expect(
      await main(['https://example.com/'], run.io({ FETCH_CONNECT_TO: 'shop.example.test:80:127.0.0.1' })),
    ).toBe(EXIT.badArgument);
    expect(run.err()).toContain('FETCH_CONNECT_TO: "shop.example.test:80:127.0.0.1"');
  });

  it.each([
    [[], 'Give the URL to check.'],
    [['a', 'b'], 'Give exactly one URL.'],
    [['ftp://example.com/'], 'is not an http(s) URL'],
    [['https://example.com/', '--sections', 'meta-titel'], 'Unknown section: meta-titel'],
    [['https://example.com/', '--colour'], "Unknown option '--colour'"],
    [
      ['https://example.com/', '--indexnow-key', 'short'],
      'An IndexNow key is 8 to 128 letters, digits or dashes.',
    ],
  ])('exits 2 on a bad argument: %j', async (argv, message) => {
    const run = capture();
    expect(await main(argv, run.io())).toBe(EXIT.badArgument);
    expect(run.err()).toContain(message);
  });

  it('exits 3 when the page cannot be fetched, and a forbidden address is never reached', async () => {
    const target = await startTarget();
    try {
      const run = capture();
      expect(await main([`http://127.0.0.1:${target.port}/`, '--no-browser'], run.io())).toBe(
        EXIT.unreachable,
      );
      expect(run.err()).toContain(`Cannot fetch http://127.0.0.1:${target.port}/`);
      expect(target.connections()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('reads a bare host as https', () => {
    expect(parseTargetUrl('example.com')?.href).toBe('https://example.com/');
    expect(parseTargetUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('sitelens-check on pages whose verdicts a peer disputed', () => {
  let cases: FixtureSite;
  beforeAll(async () => {
    cases = await startSite('cases');
  });
  afterAll(() => cases.close());

  it('says plainly that a 403 page is an error page, judges none of its content and exits 4', async () => {
    const run = capture();
    const code = await main(
      [`${cases.origin}/forbidden`, '--no-browser'],
      run.io({ FETCH_ALLOW_PRIVATE: cases.allow }),
    );
    expect(code, run.err()).toBe(EXIT.errorPage);
    expect(run.out()).toContain(
      'The page answered with HTTP 403. Search engines do not index an error page, so its content\nwas not judged',
    );
    expect(run.out()).toContain(
      '✗ HTTP status: The page answered with HTTP 403; search engines drop pages with client errors from the index.',
    );
    expect(run.out()).toContain(
      '- Meta title: Not checked: the page answered with HTTP 403, and search engines ignore the content of an error page.',
    );
    expect(run.out()).toMatch(/\nNot applicable \(\d+\)\n/);
    // The error page's own "noindex" and missing title are not held against the page.
    expect(run.out()).not.toMatch(/✗ Meta title|[✗!] Indexability directives/);

    const json = capture();
    await main(
      [`${cases.origin}/forbidden`, '--json', '--no-browser'],
      json.io({ FETCH_ALLOW_PRIVATE: cases.allow }),
    );
    const report = JSON.parse(json.out());
    expect(report.status_code).toBe(403);
    expect(report.checks['noindex-tags']).toEqual({
      status: 'skipped',
      message:
        'Not checked: the page answered with HTTP 403, and search engines ignore the content of an error page.',
    });
  });

  it('ignores a canonical link in the body: the head names the page itself', async () => {
    const run = capture();
    const code = await main(
      [`${cases.origin}/body-canonical.html`, '--json', '--no-browser', '--sections', 'canonical-tag'],
      run.io({ FETCH_ALLOW_PRIVATE: cases.allow }),
    );
    expect(code, run.err()).toBe(EXIT.ok);
    expect(JSON.parse(run.out()).checks['canonical-tag']).toMatchObject({
      status: 'passed',
      canonical_url: `${cases.origin}/body-canonical.html`,
    });
  });

  it('passes a URL with parameters whose canonical is its clean URL', async () => {
    const run = capture();
    const code = await main(
      [
        `${cases.origin}/shoes.html?color=red&utm_source=newsletter`,
        '--json',
        '--no-browser',
        '--sections',
        'canonical-tag',
      ],
      run.io({ FETCH_ALLOW_PRIVATE: cases.allow }),
    );
    expect(code, run.err()).toBe(EXIT.ok);
    expect(JSON.parse(run.out()).checks['canonical-tag']).toMatchObject({
      status: 'passed',
      canonical_url: `${cases.origin}/shoes.html`,
    });
  });

  it('verifies the IndexNow key file when it is given the key', async () => {
    const run = capture();
    const code = await main(
      [
        `${cases.origin}/shoes.html`,
        '--json',
        '--no-browser',
        '--sections',
        'indexnow',
        '--indexnow-key',
        '3f2a9c0e7b1d4e5f',
      ],
      run.io({ FETCH_ALLOW_PRIVATE: cases.allow }),
    );
    expect(code, run.err()).toBe(EXIT.ok);
    expect(JSON.parse(run.out()).checks.indexnow).toMatchObject({
      status: 'passed',
      indexnow: { key_location: `${cases.origin}/3f2a9c0e7b1d4e5f.txt`, valid: true },
    });
  });
});
