import {
  DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT,
  CHECKUP_MESSAGES,
  DEEP_ANALYSIS_MESSAGES,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { affectedWords, DeepReportScreen } from './report-screen';

const W = '6a0e4c1f-2b7d-4e5a-9c3b-1f2e3d4c5b6a';
const U = '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f';

const STRUCTURE = {
  categories: [
    {
      key: 'common-seo',
      title: 'Common SEO',
      sections: [
        { key: 'meta-title', title: 'Meta Title' },
        { key: 'broken-links', title: 'Broken Links' },
      ],
    },
    {
      key: 'security',
      title: 'Security',
      sections: [{ key: 'https-encryption', title: 'HTTPS Encryption' }],
    },
  ],
};

const result = (status: 'passed' | 'warning' | 'failed', message: string) => ({
  status,
  message,
  how_to_fix: '<p>Give every page a <code>&lt;title&gt;</code>.</p>',
  how_to_fix_video: null,
  relevance: 10,
  recommendation: status === 'passed' ? '' : 'Write a title of 10 to 70 characters.',
  description: '<p>The title shown in search results.</p>',
});

const URL_REPORT = {
  guid: U,
  w_guid: W,
  cluster_guid: null,
  url: 'https://woodline.example/chairs/',
  score: 50,
  created_at: '2026-11-23T10:00:00.000Z',
  sections: ['meta-title', 'https-encryption'],
  overview: { score: 50, passed: 1, warning: 0, failed: 1, has_all_sections: false },
  important_fixes: [
    { section_key: 'meta-title', relevance: 10, recommendation: 'Write a title of 10 to 70 characters.' },
  ],
  results: {
    'meta-title': result('failed', 'The page has no title.'),
    'https-encryption': result('passed', 'The page is served over HTTPS.'),
  },
};

const DOMAIN_REPORT = {
  guid: W,
  url: 'https://woodline.example/',
  origin: 'https://woodline.example',
  score: 72,
  created_at: '2026-11-23T10:00:00.000Z',
  analyzed_urls: 10,
  sections: ['meta-title', 'broken-links', 'https-encryption'],
  overview: { score: 72, passed: 2, warning: 0, failed: 1, has_all_sections: false },
  important_fixes: [],
  results: {
    // As the server words a page check: its worst status, over the URLs analyzed.
    'meta-title': {
      ...result('failed', AUDIT.failsOn(3, 10)),
      scope: 'page',
      affected_urls: { failed: 3, warning: 2, passed: 5, skipped: 0 },
    },
    'broken-links': {
      ...result('passed', AUDIT.passesOn(10)),
      scope: 'crawl',
      affected_urls: { failed: 0, warning: 0, passed: 10, skipped: 0 },
    },
    'https-encryption': { ...result('passed', 'The site is served over HTTPS.'), scope: 'origin' },
  },
};

function serveApi(answers: { structure?: number; report: { status: number; body: unknown } }) {
  stubApi((path) => {
    if (path === '/api/on-page-seo/audit/structure')
      return answers.structure ? json({ error: 'down' }, answers.structure) : json(STRUCTURE);
    if (path === `/api/on-page-seo/audit/url/${W}/${U}` || path === `/api/on-page-seo/audit/domain/${W}`)
      return json(answers.report.body, answers.report.status);
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/deep-analysis', element: <p>Deep Analysis screen</p> },
      { path: '/deep-analysis/report', element: <DeepReportScreen /> },
      { path: '/deep-analysis/failed-check/:key', element: <p>Failed check screen</p> },
    ],
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Deep Analysis report screen', () => {
  it("shows a URL's report: heading, URL, score, each check's status and message, the fixes", async () => {
    serveApi({ report: { status: 200, body: URL_REPORT } });
    renderAt(`/deep-analysis/report?w_guid=${W}&url_guid=${U}`);
    expect(await screen.findByRole('heading', { name: URL_REPORT.url })).toBeTruthy();
    expect(screen.getByRole('heading', { name: AUDIT.urlReport })).toBeTruthy();
    expect(screen.getByLabelText('SEO score').textContent).toContain('50');
    const title = document.getElementById('meta-title')!;
    expect(within(title).getByRole('img', { name: 'Failed' })).toBeTruthy();
    expect(within(title).getByText('The page has no title.')).toBeTruthy();
    const https = document.getElementById('https-encryption')!;
    expect(within(https).getByRole('img', { name: 'Passed' })).toBeTruthy();
    // 'Issues to fix' links to the check; the back arrow to the website's Deep Analysis.
    const fixes = document.querySelector('.report-fixes') as HTMLElement;
    expect(within(fixes).getByRole('link', { name: 'Meta Title' }).getAttribute('href')).toBe('#meta-title');
    expect(screen.getByRole('link', { name: 'Back to Deep Analysis' }).getAttribute('href')).toBe(
      `/deep-analysis?w_guid=${W}`,
    );
    // The sidebar counts per category.
    const sidebar = screen.getByRole('complementary', { name: 'Report sections' });
    expect(within(sidebar).getByRole('link', { name: /Common SEO/ }).textContent).toBe('Common SEO100');
  });

  it('offers to keep a listed word as the website’s own, and to check a kept word again', async () => {
    const structure = {
      categories: [
        { key: 'content', title: 'Content', sections: [{ key: 'spell-check', title: 'Spelling' }] },
      ],
    };
    let kept = ['hstore'];
    const calls: string[] = [];
    const report = {
      ...URL_REPORT,
      sections: ['spell-check'],
      important_fixes: [],
      results: {
        'spell-check': {
          ...result('warning', 'Likely spelling mistakes (1 in all): "recieve" (receive?).'),
          spelling_issues: {
            hard: [{ word: 'recieve', count: 1, suggestions: ['receive'] }],
            soft: [{ word: 'btree', count: 2 }],
            hard_count: 1,
            soft_count: 1,
            words_checked: 40,
          },
        },
      },
    };
    stubApi((path, init) => {
      if (path === '/api/on-page-seo/audit/structure') return json(structure);
      if (path === `/api/on-page-seo/audit/url/${W}/${U}`) return json(report);
      if (path.startsWith(`/api/website-index/${W}/spelling-words`)) {
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${path}${init?.body ? ` ${init.body}` : ''}`);
        if (method === 'POST') kept = [...kept, JSON.parse(String(init!.body)).word].sort();
        if (method === 'DELETE') kept = kept.filter((word) => !path.endsWith(`/${word}`));
        return json({ words: kept });
      }
      return undefined;
    });
    renderAt(`/deep-analysis/report?w_guid=${W}&url_guid=${U}`);
    const check = await screen.findByText(/Not a mistake\?/);
    const section = within(check.closest('.spelling-words') as HTMLElement);
    await userEvent.click(section.getByRole('button', { name: 'Ignore “recieve” on this website' }));
    expect(await screen.findByText(DEEP_ANALYSIS_MESSAGES.spellingWordIgnored('recieve'))).toBeTruthy();
    expect(calls).toContain(`POST /api/website-index/${W}/spelling-words {"word":"recieve"}`);
    // The kept words, each with a way back.
    await userEvent.click(await section.findByLabelText('Check “hstore” again'));
    expect(await screen.findByText(DEEP_ANALYSIS_MESSAGES.spellingWordRestored('hstore'))).toBeTruthy();
    expect(calls).toContain(`DELETE /api/website-index/${W}/spelling-words/hstore`);
  });

  it("shows the domain report's counts of affected URLs and links a failing check to its URLs", async () => {
    serveApi({ report: { status: 200, body: DOMAIN_REPORT } });
    renderAt(`/deep-analysis/report?w_guid=${W}`);
    expect(await screen.findByRole('heading', { name: DOMAIN_REPORT.url })).toBeTruthy();
    expect(screen.getByRole('heading', { name: AUDIT.domainReport })).toBeTruthy();
    const title = document.getElementById('meta-title')!;
    expect(within(title).getByText('Fails on 3 of 10 URLs analyzed.')).toBeTruthy();
    expect(within(title).getByText(AUDIT.warnsOn(2, 10))).toBeTruthy();
    expect(within(title).getByRole('link', { name: 'View affected URLs' }).getAttribute('href')).toBe(
      `/deep-analysis/failed-check/meta-title?w_guid=${W}`,
    );
    // A check passing everywhere has nothing to list; an origin check has no URL counts.
    expect(within(document.getElementById('broken-links')!).queryByRole('link')).toBeNull();
    expect(document.querySelector('#https-encryption .check-affected')).toBeNull();
  });

  it('scrolls to the check named in the hash once the report is in', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    serveApi({ report: { status: 200, body: URL_REPORT } });
    renderAt(`/deep-analysis/report?w_guid=${W}&url_guid=${U}#https-encryption`);
    await screen.findByRole('heading', { name: URL_REPORT.url });
    await vi.waitFor(() => expect(scrolled).toEqual(['https-encryption']));
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it("shows a category's issues and first 3 passed checks, the rest behind a toggle; a category folds", async () => {
    const keys = Array.from({ length: 6 }, (_, i) => `check-${i + 1}`);
    const structure = {
      categories: [
        {
          key: 'common-seo',
          title: 'Common SEO',
          sections: keys.map((key, i) => ({ key, title: `Check ${i + 1}` })),
        },
        { key: 'security', title: 'Security', sections: [{ key: 'https-encryption', title: 'HTTPS' }] },
      ],
    };
    // Check 4 fails; the other five pass.
    const results = Object.fromEntries([
      ...keys.map((key, i) => [key, result(i === 3 ? 'failed' : 'passed', `Message ${i + 1}.`)]),
      ['https-encryption', result('passed', 'The page is served over HTTPS.')],
    ]);
    stubApi((path) => {
      if (path === '/api/on-page-seo/audit/structure') return json(structure);
      if (path === `/api/on-page-seo/audit/url/${W}/${U}`)
        return json({ ...URL_REPORT, sections: [...keys, 'https-encryption'], important_fixes: [], results });
      return undefined;
    });
    renderAt(`/deep-analysis/report?w_guid=${W}&url_guid=${U}`);
    await screen.findByRole('heading', { name: URL_REPORT.url });
    const card = within(document.getElementById('category-common-seo')!);
    const shown = () =>
      [...document.querySelectorAll('#category-common-seo .check-element')].map((e) => e.id);
    // The failing check first, then the first 3 passed.
    expect(shown()).toEqual(['check-4', 'check-1', 'check-2', 'check-3']);
    await userEvent.click(card.getByRole('button', { name: 'Show all 5 passed checks' }));
    expect(shown()).toEqual(['check-4', 'check-1', 'check-2', 'check-3', 'check-5', 'check-6']);
    await userEvent.click(card.getByRole('button', { name: 'Show fewer passed checks' }));
    expect(shown()).toHaveLength(4);
    // A category of 3 passed checks or fewer has no toggle.
    expect(
      within(document.getElementById('category-security')!).queryByRole('button', { name: /passed/ }),
    ).toBeNull();

    const fold = card.getByRole('button', { name: 'Common SEO' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(shown()).toEqual([]);
    await userEvent.click(fold);
    expect(shown()).toHaveLength(4);

    // A link to a check behind the toggle or in a folded category shows it and scrolls to it.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    await userEvent.click(fold);
    window.location.hash = '#check-6';
    await vi.waitFor(() => expect(scrolled).toContain('check-6'));
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(shown()).toContain('check-6');
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    window.history.replaceState(null, '', window.location.pathname);
  });

  it('goes to /deep-analysis without a website', async () => {
    serveApi({ report: { status: 200, body: URL_REPORT } });
    const router = renderAt('/deep-analysis/report');
    expect(await screen.findByText('Deep Analysis screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deep-analysis');
  });

  it("says 'No report found' when the report cannot be fetched", async () => {
    serveApi({ report: { status: 404, body: { error: AUDIT.noReport, code: 'not_found' } } });
    renderAt(`/deep-analysis/report?w_guid=${W}&url_guid=${U}`);
    expect(await screen.findByText(CHECKUP_MESSAGES.reportFetchFailed)).toBeTruthy();
    expect(screen.getByText(CHECKUP_MESSAGES.noReport)).toBeTruthy();
  });

  it("says 'Please try again' when the structure cannot be fetched", async () => {
    serveApi({ structure: 500, report: { status: 200, body: DOMAIN_REPORT } });
    renderAt(`/deep-analysis/report?w_guid=${W}`);
    expect(await screen.findByText(CHECKUP_MESSAGES.structureFailed)).toBeTruthy();
  });
});

describe('affectedWords', () => {
  it("says a check's counts in the spec's words", () => {
    expect(affectedWords({ failed: 2, warning: 1, passed: 7, skipped: 0 }, 10)).toEqual([
      'Fails on 2 of 10 URLs analyzed.',
      'Needs attention on 1 of 10 URLs analyzed.',
    ]);
    expect(affectedWords({ failed: 0, warning: 0, passed: 4, skipped: 0 }, 4)).toEqual([AUDIT.passesOn(4)]);
    expect(affectedWords({ failed: 0, warning: 0, passed: 0, skipped: 4 }, 4)).toEqual([AUDIT.notChecked]);
  });
});
