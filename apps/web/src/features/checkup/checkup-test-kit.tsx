import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { type Session, SessionProvider } from '../../session/session-context';

/** A one-category report structure for the checkup screens' tests. */
export const STRUCTURE = {
  categories: [
    { key: 'common-seo', title: 'Common SEO', sections: [{ key: 'meta-title', title: 'Meta Title' }] },
  ],
};

/** A signed-in owner on an active Pro plan, for screens that read the session. */
export const SESSION: Session = {
  guid: '00000000-0000-4000-8000-00000000000a',
  email: 'lin@example.test',
  f_name: 'Lin',
  l_name: 'Chen',
  org_role: 'owner',
  o_guid: '00000000-0000-4000-8000-00000000000b',
  subscription: { plan_code: 'pro-monthly', status: 'active' },
  plan_name: 'Pro',
  is_legacy_paypal: false,
  team: null,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the API: `answer` gets each call's path and init and returns its response; a call it
 * does not answer is a 500, so a test sees an unexpected call fail. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(answer: (path: string, init?: RequestInit) => Response | undefined): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (input: string, init?: RequestInit) =>
        answer(new URL(input, 'http://sitelens.test').pathname, init) ?? json({ error: 'unexpected' }, 500),
    ),
  );
}

/**
 * Renders routes with the providers the app gives them, starting at `path`, and `session` signed in
 * when one is given; answers the router.
 */
export function renderRoutes(routes: RouteObject[], path: string, { session }: { session?: Session } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const routed = <RouterProvider router={router} />;
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {session ? <SessionProvider initial={session}>{routed}</SessionProvider> : routed}
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}
