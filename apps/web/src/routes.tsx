import type { RouteObject } from 'react-router';
import { NotFoundScreen } from './features/errors/not-found-screen';
import { AppLayout } from './layout/app-layout';
import { isRouted, SCREENS } from './screens';
import { PublicOnly, RequireSession, RequireSubscription } from './session/guards';

export function createRoutes(options: { contactEmail: string | null }): RouteObject[] {
  const toRoute = ({ path, lazy }: (typeof SCREENS)[number]): RouteObject => ({ path, lazy });
  return [
    { element: <PublicOnly />, children: SCREENS.filter((s) => s.access === 'public').map(toRoute) },
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
  ];
}
