import { matchPath, type RouteObject } from 'react-router';

/** A screen of the spec's route table, loaded on demand (`lazy`) so each route is its own bundle. */
export interface Screen {
  path: string;
  /** A real path to show the screen at, for screenshots (defaults to `path`). */
  example?: string;
  lazy: RouteObject['lazy'];
}

/**
 * The screens that exist. A screen is registered here in the same change that builds it; its
 * sidebar item then becomes a link and `npm run screenshots` takes its picture. Unregistered paths
 * show the 404 screen.
 */
export const SCREENS: Screen[] = [];

export function isRouted(pathname: string): boolean {
  return SCREENS.some((screen) => matchPath(screen.path, pathname) !== null);
}
