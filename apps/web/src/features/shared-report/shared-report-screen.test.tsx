import type { SharedReport } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/token-store';
import { createRoutes } from '../../routes';
import { json, renderRoutes, SESSION, STRUCTURE, stubApi } from '../checkup/checkup-test-kit';
import { SHARED_REPORT_MESSAGES, SharedReportScreen } from './shared-report-screen';

const TOKEN = 'tok_9f8e7d6c5b4a';
/** A 1×1 transparent PNG. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const SHARED: SharedReport = {
  branding: { header: '<b>Acme SEO</b>', footer: 'Acme SEO · acme.test', base64_logo: LOGO },
  report: {
    guid: '00000000-0000-4000-8000-0000000000c1',
    url: 'https://client.test/',
    status: 'done',
    error: null,
    created_at: '2026-11-20T10:00:00.000Z',
    sections: ['meta-title'],
    overview: { score: 0, passed: 0, warning: 0, failed: 1, has_all_sections: true },
    competitor_guids: [],
    competitor_urls: [],
    competitors: [],
    important_fixes: [{ section_key: 'meta-title', relevance: 10, recommendation: 'Give the page a title.' }],
    results: {
      'https://client.test/': {
        'meta-title': {
          top_100_pass_rate: null,
          pass_rate_sample: null,
          result: {
            status: 'failed',
            message: 'The page has no <title>; search results will invent one.',
            how_to_fix: '<p>Add a title.</p>',
            how_to_fix_video: null,
            relevance: 10,
            recommendation: 'Give the page a title.',
            description: 'The title of the page.',
          },
        },
      },
    },
  },
  structure: STRUCTURE,
  expires_at: '2026-12-20T12:00:00.000Z',
};

/** Answers the shared report (or `reply`), and records every path asked for. */
function serve(reply: Response = json(SHARED)) {
  const paths: string[] = [];
  stubApi((path) => {
    paths.push(path);
    if (path === `/api/shared/report/${TOKEN}`) return reply.clone();
    return undefined;
  });
  return paths;
}

const renderShared = () =>
  renderRoutes(
    [{ path: '/shared/report/:token', element: <SharedReportScreen /> }],
    `/shared/report/${TOKEN}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.set(null);
});

describe('the shared report page', () => {
  it("shows the agency's branding as text, the report, the PDF link and when the link expires", async () => {
    serve();
    renderShared();
    expect(await screen.findByText('<b>Acme SEO</b>')).toBeTruthy();
    expect(screen.getByRole('img', { name: SHARED_REPORT_MESSAGES.logo }).getAttribute('src')).toBe(LOGO);
    expect(screen.getByText('The page has no <title>; search results will invent one.')).toBeTruthy();
    expect(screen.getByText('Acme SEO · acme.test')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: new RegExp(SHARED_REPORT_MESSAGES.downloadPdf) }).getAttribute('href'),
    ).toBe(`/api/shared/report/${TOKEN}/pdf`);
    expect(screen.getByText(/^This link expires on Dec 2\d, 2026$/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/sitelens|sign in/i);
    expect(document.title).toBe('SEO report: https://client.test/');
  });

  it.each([410, 404])('says the link is gone on a %i, in the server’s words', async (status) => {
    serve(json({ error: 'This report link has expired or was revoked.', code: 'gone' }, status));
    renderShared();
    expect(await screen.findByText('This report link has expired or was revoked.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This report link has expired or was revoked.',
    );
    expect(screen.queryByRole('button', { name: SHARED_REPORT_MESSAGES.retry })).toBeNull();
  });

  it('offers a retry when the report could not be loaded, and never tries to refresh a session', async () => {
    const paths = serve(json({ error: 'Unauthorized' }, 401));
    renderShared();
    expect(await screen.findByText(SHARED_REPORT_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByRole('button', { name: SHARED_REPORT_MESSAGES.retry })).toBeTruthy();
    expect(paths).toEqual([`/api/shared/report/${TOKEN}`]);
  });

  it('opens for a signed-in user too, without the app around it and without going to the dashboard', async () => {
    serve();
    const router = renderRoutes(createRoutes({ contactEmail: null }), `/shared/report/${TOKEN}`, {
      session: SESSION,
    });
    expect(await screen.findByText('<b>Acme SEO</b>')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shared/report/${TOKEN}`);
    expect(screen.queryByText('lin@example.test')).toBeNull();
  });
});
