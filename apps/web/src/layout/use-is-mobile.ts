import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: at 768 px and below the sidebar becomes a drawer. */
export const MOBILE_QUERY = '(max-width: 768px)';

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}
