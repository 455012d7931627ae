import { useCallback, useSyncExternalStore } from 'react';

/** Mobile means narrower than 1024 px (spec section 9). */
export const MOBILE_BREAKPOINT = 1024;
export const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT}px)`;

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether `query` matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matches(query), () => false);
}

/** True at 1024 px and wider. */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
