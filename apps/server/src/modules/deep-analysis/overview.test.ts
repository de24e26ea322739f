import { AUDIT_OVERVIEW_MESSAGES as TEXT, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { allChecks } from '@sitelens/engine';
import { type CrawlSitePage, htmlPage, proseOf } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, robotsPage, serveSites, sitemapPage } from '../../test/deep-analysis';

let t: TestApp;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);

const PATHS = ['/blog/a', '/blog/b', '/blog/c', '/docs/x', '/docs/y', '/docs/z'];
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
/** A page of the site; a broken one has no viewport meta tag. */
const page = (path: string, i: number, broken = false) => {
  const body = htmlPage({
    title: `The page at ${path}`,
    description: `All about ${path}, said in full.`,
    text: proseOf(i),
    links: ['/'],
  });
  return { body: broken ? body.replace(VIEWPORT, '') : body };
};
const ROUTES: Record<string, CrawlSitePage> = {
  '/robots.txt': robotsPage,
  '/sitemap.xml': sitemapPage(['/', ...PATHS]),
  '/': {
    body: htmlPage({ title: 'Overview home', description: 'The home of the overview site.', links: PATHS }),
  },
};
PATHS.forEach((path, i) => {
  ROUTES[path] = page(path, i + 1);
});
// The first crawl finds one page without a viewport.
ROUTES['/blog/a'] = page('/blog/a', 1, true);

let served: Awaited<ReturnType<typeof serveSites>>;
beforeAll(async () => {
  served = await serveSites({ overview: ROUTES });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await served.close();
});

describe('the audit overview', () => {
  it('sums up the crawl from its figures, by page group, and says what changed since the crawl before', async () => {
    const owner = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 100,
    });
    const w = await website(owner, 'overview');
    const overview = async () => {
      const res = await api(owner, 'GET', `/on-page-seo/website-audit/overview/${w}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    // Before any crawl: the spec's empty text, no invented numbers.
    const empty = await overview();
    expect(empty).toMatchObject({
      overall_score: null,
      summary: TEXT.noData,
      key_strengths: [],
      key_weaknesses: [],
      written_by: 'crawl',
      comparison: { current: null, previous: null },
      favicon_url: `/api/website-index/favicon/${w}`,
      screenshot_url: null,
    });

    expect((await api(owner, 'POST', '/import-sitemap', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    const first = await overview();
    const urls = (await api(owner, 'GET', `/serviceable-url?w_guid=${w}`)).json().data as {
      on_page_seo: { score: number };
    }[];
    const average = Math.round(urls.reduce((sum, u) => sum + u.on_page_seo.score, 0) / urls.length);
    expect(first.overall_score).toBe(average);
    expect(first.analyzed_urls).toBe(7);
    expect(
      first.summary.startsWith(TEXT.analysed('overview.example.com', 7, 7, average, TEXT.scoreBand(average))),
    ).toBe(true);
    expect(first.comparison.previous).toBeNull();

    // Weaknesses are the failed checks by impact; strengths never fail or warn anywhere.
    const failed = (await api(owner, 'GET', `/on-page-seo/website-failed-checks/${w}`)).json().data as {
      test_key: string;
      impact_score: number;
    }[];
    const scores = first.key_weaknesses.map((k: { impact_score: number }) => k.impact_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // A page check weighs by its share of URLs; a check of the whole site weighs fully.
    expect(first.key_weaknesses).toHaveLength(5);
    for (const weakness of first.key_weaknesses) {
      const check = failed.find((c) => c.test_key === weakness.test_key);
      if (check) expect(weakness.impact_score).toBe(check.impact_score);
      else expect(weakness.detail).toBe(TEXT.failsForSite('http://overview.example.com'));
    }
    const failing = new Set(failed.map((check) => check.test_key));
    // One count for one thing: the checks the summary says fail (and only warn) are the URL checks
    // the comparison lists with open issues; its issues are counted per URL and check.
    const opened = (await api(owner, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json() as {
      checks: { test_key: string; still_open: number }[];
    };
    const urlChecks = opened.checks.filter(
      (c) => allChecks.find((k) => k.key === c.test_key)?.scope !== 'origin',
    );
    const top = failed[0] as unknown as { title: string; affected_urls: number };
    expect(first.summary).toContain(
      TEXT.failing(failed.length, urlChecks.length - failed.length, top.title, top.affected_urls),
    );
    expect(urlChecks.length).toBeGreaterThan(failed.length);
    expect(first.key_strengths.length).toBeGreaterThan(0);
    for (const strength of first.key_strengths) expect(failing.has(strength.test_key)).toBe(false);

    // Page groups, each with its own top issues.
    const groups = first.page_group_insights.key_page_groups as {
      guid: string;
      title: string;
      monitored_urls: number;
      top_issues: { test_key: string; affected_urls: number }[];
    }[];
    expect(groups.map((g) => [g.title, g.monitored_urls])).toEqual([
      ['Blog', 3],
      ['Docs', 3],
      ['Main pages', 1],
    ]);
    const blogFailed = (
      await api(owner, 'GET', `/on-page-seo/website-failed-checks/${w}?cluster_guid=${groups[0]!.guid}`)
    ).json().data as { test_key: string; affected_urls: number }[];
    expect(groups[0]!.top_issues).toEqual(
      blogFailed
        .slice(0, 3)
        .map((c) => ({ test_key: c.test_key, title: expect.any(String), affected_urls: c.affected_urls })),
    );
    expect(first.page_group_insights.content_overview).toMatch(
      /^3 page groups: Blog \(3 URLs, average score \d+\)/,
    );

    // The viewport is fixed; another page loses its own: one fixed, one new.
    ROUTES['/blog/a'] = page('/blog/a', 1);
    ROUTES['/docs/x'] = page('/docs/x', 4, true);
    expect((await api(owner, 'POST', '/on-page-seo/batch', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    const second = await overview();
    expect(second.comparison.previous).not.toBeNull();
    const comparison = (await api(owner, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json();
    expect(comparison.checks).toContainEqual(
      expect.objectContaining({ test_key: 'viewport', new: 1, fixed: 1, still_open: 0 }),
    );
    expect(second.comparison.summary).toEqual(comparison.summary);
    expect(second.summary).toContain(
      TEXT.sincePrevious(
        new Date(second.comparison.previous.c_at).toLocaleDateString('en-US', {
          month: 'short',
          day: '2-digit',
          year: 'numeric',
          timeZone: 'UTC',
        }),
        comparison.summary.fixed,
        comparison.summary.new,
        comparison.summary.still_open,
      ),
    );
  }, 120_000);

  it("answers 404 for another organization's website", async () => {
    const owner = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 100,
    });
    const stranger = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 100,
    });
    const w = await website(owner, 'overview');
    for (const path of [
      `/on-page-seo/website-audit/overview/${w}`,
      `/on-page-seo/website-audit/screenshot/${w}`,
    ]) {
      const res = await api(stranger, 'GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error).toBe(WEBSITE_MESSAGES.notFound);
    }
    // No crawl rendered the homepage yet.
    const none = await api(owner, 'GET', `/on-page-seo/website-audit/screenshot/${w}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(TEXT.noData);
  });

  it('names an international website in Unicode, as people write it, though it is stored in ASCII', async () => {
    const owner = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 100,
    });
    const created = await api(owner, 'POST', '/website-index', {
      domain: 'München.example',
      homepage_url: 'https://münchen.example/',
    });
    expect(created.statusCode, created.body).toBe(201);
    const w = created.json().guid as string;
    const [row] = await t.database.query<{ domain: string; organization_id: string }>(
      'select domain, organization_id from websites where id = $1',
      [w],
    );
    expect(row!.domain).toBe('xn--mnchen-3ya.example');
    await t.database.query(
      `insert into serviceable_urls (organization_id, website_id, url, source, crawl_state, status_code, score,
                                     passed, warning, failed, not_applicable, analysed_at)
       values ($1, $2, 'https://xn--mnchen-3ya.example/', 'sitemap', 'done', 200, 80, 1, 0, 0, 0, now())`,
      [row!.organization_id, w],
    );
    const overview = (await api(owner, 'GET', `/on-page-seo/website-audit/overview/${w}`)).json();
    expect(overview.domain).toBe('xn--mnchen-3ya.example');
    expect(overview.summary).toMatch(/^münchen\.example: 1 of 1 monitored URL analyzed/);
  });
});
