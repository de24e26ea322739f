import { matchPath, type RouteObject } from 'react-router';
import { NotFoundScreen } from './features/errors/not-found-screen';
import { AppLayout } from './layout/app-layout';

/** A screen of the spec's route table, loaded on demand (`lazy`) so each route is its own bundle. */
export interface Screen {
  path: string;
  lazy: RouteObject['lazy'];
}

/**
 * The screens that exist. A screen is registered here in the same change that builds it, and its
 * sidebar item then becomes a link; unregistered paths show the 404 screen.
 */
export const SCREENS: Screen[] = [];

export function isRouted(pathname: string): boolean {
  return SCREENS.some((screen) => matchPath(screen.path, pathname) !== null);
}

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
