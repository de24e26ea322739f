import { CHECKUP_MESSAGES } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runningCheckup } from './checkup.queries';
import { json, renderRoutes, STRUCTURE, stubApi } from './checkup-test-kit';
import { ReportScreen } from './report-screen';

const GUID = '0b6f7d2e-6c1f-4b8e-9a57-3d2f7f1b2c3d';

function serveApi(report: { status: number; body: unknown }) {
  stubApi((path) => {
    if (path === '/api/report/sections') return json(STRUCTURE);
    if (path === '/api/report/v2') return json(report.body, report.status);
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/analysis', element: <p>New checkup screen</p> },
      { path: '/analysis/report', element: <ReportScreen /> },
    ],
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  runningCheckup.clear();
});

describe('the report screen', () => {
  it('goes back to /analysis without a report to show', async () => {
    serveApi({ status: 404, body: {} });
    const router = renderAt('/analysis/report');
    expect(await screen.findByText('New checkup screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/analysis');
  });

  it('returns to the running checkup when there is one', async () => {
    serveApi({ status: 404, body: { error: 'No report found' } });
    runningCheckup.set({ guid: GUID, url: 'https://example.com/' });
    const router = renderAt('/analysis/report');
    await vi.waitFor(() => expect(router.state.location.search).toContain(`guid=${GUID}`));
  });

  it("says the report could not load, in the spec's words, and goes back to /analysis", async () => {
    serveApi({ status: 404, body: { error: 'No report found', code: 'not_found' } });
    const router = renderAt(`/analysis/report?guid=${GUID}`);
    expect(
      await screen.findByText(`${CHECKUP_MESSAGES.reportFetchFailed}: ${CHECKUP_MESSAGES.noReport}`),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/analysis');
  });

  it('tells the user the site could not be reached when the main URL failed', async () => {
    const url = 'https://offline.example/';
    serveApi({
      status: 200,
      body: {
        guid: GUID,
        url,
        status: 'failed',
        error: CHECKUP_MESSAGES.cannotAccess(url),
        created_at: '2026-11-23T10:00:00.000Z',
        sections: ['meta-title'],
        overview: null,
        competitor_guids: [],
        competitor_urls: [],
        competitors: [],
        important_fixes: [],
      },
    });
    renderAt(`/analysis/report?guid=${GUID}&url=${encodeURIComponent(url)}`);
    expect(await screen.findByText(CHECKUP_MESSAGES.cannotAccess(url))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Perform a new checkup' })).toBeTruthy();
  });

  const REPORT = {
    guid: GUID,
    url: 'https://woodline.example/',
    created_at: '2026-11-23T10:00:00.000Z',
    error: null,
    overview: null,
    competitor_guids: [],
    competitor_urls: [],
    competitors: [],
    important_fixes: [],
  };
  const reply = (status: 'passed' | 'failed') => ({
    top_100_pass_rate: 0.9,
    pass_rate_sample: { name: 'Tranco top 100', sites: 84, measured_on: '2026-11-01' },
    result: {
      status,
      message: status === 'passed' ? 'The title is 52 characters long.' : 'The page has no title.',
      how_to_fix: '',
      how_to_fix_video: null,
      relevance: 10,
      recommendation: 'Write a title.',
      description: '',
    },
  });

  it('opens a finished report at once, from one request, without asking for each section', async () => {
    const calls: string[] = [];
    stubApi((path) => {
      calls.push(path);
      if (path === '/api/report/sections') return json(STRUCTURE);
      if (path === '/api/report/v2')
        return json({
          ...REPORT,
          status: 'done',
          sections: ['meta-title'],
          results: { [REPORT.url]: { 'meta-title': reply('passed') } },
        });
      return undefined;
    });
    renderAt(`/analysis/report?guid=${GUID}`);
    expect(await screen.findByText('The title is 52 characters long.')).toBeTruthy();
    // The pass rate names the sites it was measured on.
    expect(
      screen.getByText('90 % of 84 sites of Tranco top 100 pass this check (measured Nov 01, 2026).'),
    ).toBeTruthy();
    expect(screen.queryByText(/top 100 US sites/)).toBeNull();
    expect(screen.getByLabelText('SEO score')).toBeTruthy();
    expect(screen.queryByText(/Checking/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', false);
    expect(calls.filter((path) => path.startsWith(`/api/report/${GUID}/`))).toEqual([]);
  });

  it('stops asking for sections once the main URL turns out not to be reachable', async () => {
    const url = REPORT.url;
    const sections = Array.from({ length: 40 }, (_, i) => `section-${i}`);
    let status: 'running' | 'failed' = 'running';
    const sectionCalls: string[] = [];
    stubApi((path) => {
      if (path === '/api/report/sections') return json(STRUCTURE);
      if (path === '/api/report/v2')
        return json({
          ...REPORT,
          status,
          sections,
          error: status === 'failed' ? CHECKUP_MESSAGES.cannotAccess(url) : null,
        });
      if (path.startsWith(`/api/report/${GUID}/`)) {
        sectionCalls.push(path);
        // The worker has given up on the site: every section of it is gone for good.
        status = 'failed';
        return json({ error: CHECKUP_MESSAGES.cannotAccess(url), code: 'not_found' }, 404);
      }
      return undefined;
    });
    renderAt(`/analysis/report?guid=${GUID}`);
    expect(await screen.findByText(CHECKUP_MESSAGES.cannotAccess(url))).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // At most the five requests already under way when the first answer came.
    expect(sectionCalls.length).toBeGreaterThan(0);
    expect(sectionCalls.length).toBeLessThanOrEqual(5);
  });
});
