import type { RouteObject } from 'react-router';
import { NotFoundScreen } from './features/errors/not-found-screen';
import { AppLayout } from './layout/app-layout';
import { isRouted, SCREENS } from './screens';

export function createRoutes(options: { contactEmail: string | null; onLogout(): void }): RouteObject[] {
  const home = isRouted('/dashboard') ? '/dashboard' : null;
  return [
    {
      element: (
        <AppLayout isRouted={isRouted} contactEmail={options.contactEmail} onLogout={options.onLogout} />
      ),
      children: [
        ...SCREENS.map(({ path, lazy }) => ({ path, lazy })),
        { path: '*', element: <NotFoundScreen homePath={home} /> },
      ],
    },
  ];
}
