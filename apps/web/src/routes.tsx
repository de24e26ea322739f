import { Spin } from 'antd';
import type { RouteObject } from 'react-router';
import { NotFoundScreen } from './features/errors/not-found-screen';
import { AppLayout } from './layout/app-layout';
import { isRouted, SCREENS } from './screens';
import { PublicOnly, RequireSession, RequireSubscription } from './session/guards';

/**
 * What the first load shows while the router fetches the first screen's code (every screen is
 * lazy): the same spinner as index.html's, instead of a blank page.
 */
export function RouteLoading() {
  return <Spin size="large" className="page-loading" aria-label="Loading" />;
}

export function createRoutes(options: { contactEmail: string | null }): RouteObject[] {
  const toRoute = ({ path, lazy }: (typeof SCREENS)[number]): RouteObject => ({ path, lazy });
  return [
    {
      // The root route: its HydrateFallback covers the initial load of any lazy screen.
      id: 'root',
      HydrateFallback: RouteLoading,
      children: [
        { element: <PublicOnly />, children: SCREENS.filter((s) => s.access === 'public').map(toRoute) },
        // Open screens (a shared report) need no session and keep a signed-in visitor: no guard, no sidebar.
        ...SCREENS.filter((s) => s.access === 'open').map(toRoute),
        {
          element: <AppLayout isRouted={isRouted} contactEmail={options.contactEmail} />,
          children: [
            {
              element: <RequireSession />,
              children: [
                {
                  element: <RequireSubscription />,
                  children: SCREENS.filter((s) => s.access === 'guarded').map(toRoute),
                },
              ],
            },
            { path: '*', element: <NotFoundScreen homePath="/dashboard" /> },
          ],
        },
      ],
    },
  ];
}
