import type { SeoDataUsageReply, Website } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { json } from '../checkup/checkup-test-kit';
import { website } from '../deep-analysis/test-fixtures';
import { type ApiCall, stubCalls } from '../webmaster-tools/test-fixtures';

// What the keyword, position and backlink screens' tests share.

/** This month's data usage: $0.42 of a $20 cap spent, 12 paid calls, 30 answers from the cache. */
export const usage = (fields: Partial<SeoDataUsageReply> = {}): SeoDataUsageReply => ({
  configured: true,
  provider: 'dataforseo',
  month: '2026-11',
  spent_usd: 0.42,
  cap_usd: 20,
  calls: 12,
  cached_answers: 30,
  ...fields,
});

/** The usage of a server without a data source. */
export const noSourceUsage = () => usage({ configured: false, provider: null, cap_usd: null });

/** A screen's route, and the dashboard its 'no website' state links to. */
export const screenRoutes = (path: string, element: ReactElement) => [
  { path, element },
  { path: '/dashboard', element: <p>dashboard</p> },
];

/** A JSON answer, unless the test built the Response itself (an error). */
export const answer = (body: unknown) => (body instanceof Response ? body : json(body));

/** A data call's refusal: `{ error, code }` with its status. */
export const dataError = (status: number, error: string, code: string) => json({ error, code }, status);

/** A call's query string as an object. */
export const query = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? []);

/** A tile (an overview box) by its label. */
export const tile = (name: string) => screen.getByRole('region', { name });

/** The table row holding `text`. */
export const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/**
 * Stands in for the API of a data screen: the tracked websites (example.com by default), their
 * favicons (none), this month's usage, and whatever `screenCalls` answers; any other call is a 500.
 */
export function stubDataApi({
  websites = [website()],
  usage: usageReply = usage(),
  screenCalls = () => undefined,
}: {
  websites?: Website[];
  usage?: SeoDataUsageReply | Response;
  screenCalls?: (call: ApiCall) => Response | undefined;
} = {}) {
  stubCalls((call) => {
    if (call.path === '/api/website-index') return json(websites);
    if (call.path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (call.path === '/api/dfs/usage') return answer(usageReply);
    return screenCalls(call);
  });
}

/** Undoes a test's stubs, spies, fake timers and saved settings (for `afterEach`). */
export function restoreStubs() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
}

/**
 * Catches the files an export downloads: `download(i)` is the i-th one's name and text, in the
 * order they were made.
 */
export function catchDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    download: async (i: number) => ({
      name: (click.mock.contexts[i] as HTMLAnchorElement).download,
      text: (await blobs[i]?.text()) ?? '',
    }),
  };
}
