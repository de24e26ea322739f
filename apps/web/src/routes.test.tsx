import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from './routes';
import { SessionProvider } from './session/session-context';

afterEach(() => vi.restoreAllMocks());

describe('the first load', () => {
  it('shows a loading indicator in the page itself, before any script runs', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const root = page.getElementById('root');
    expect(root?.querySelector('[role="status"][aria-label="Loading"]')).not.toBeNull();
  });

  it('shows a spinner while the first screen loads, without the HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({}), { status: 200 }));
    const router = createMemoryRouter(createRoutes({ contactEmail: null }), {
      initialEntries: ['/auth/forgot-password'],
    });
    render(
      <AntApp>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionProvider initial={null}>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>,
    );
    // The screen's code is still loading: the router shows the root route's fallback.
    expect(router.state.initialized).toBe(false);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await waitFor(() => expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument());
    const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    vi.unstubAllGlobals();
  });
});
