import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';

import { Toaster } from '@/components/ui/toaster';
import { swrDefaults } from '@/lib/swr';

/**
 * The app's SWR settings with a fresh cache per test and no retries or dedupe delays, and the
 * toasts. `wrapper` adds providers inside (the app's, from a test in `src/app` or a feature).
 */
export function TestProviders({ children, wrapper: Inner }: { children: ReactNode; wrapper?: ComponentType<{ children: ReactNode }> }) {
  return (
    <SWRConfig
      value={{ ...swrDefaults, provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}
    >
      {Inner ? <Inner>{children}</Inner> : children}
      <Toaster />
    </SWRConfig>
  );
}

type Wrapper = ComponentType<{ children: ReactNode }>;

function providersWith(wrapper?: Wrapper) {
  return function Providers({ children }: { children: ReactNode }) {
    return <TestProviders {...(wrapper ? { wrapper } : {})}>{children}</TestProviders>;
  };
}

type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Providers around the router, inside the SWR cache (AuthProvider, SiteSettingsProvider, …). */
  wrapper?: Wrapper;
  /** The URL the memory router starts at. */
  url?: string;
  /** The route pattern `ui` is mounted on. */
  path?: string;
  /** Extra routes; any other path renders an empty page so navigation can be asserted. */
  routes?: RouteObject[];
};

/** Where the memory router is, for tests to assert where a click took the user. */
export type RouterProbe = { state: { location: Location } };

function Routed({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return useRoutes(routes);
}

function renderRouted(routes: RouteObject[], url: string, wrapper: Wrapper | undefined, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const router: RouterProbe = { state: { location: { pathname: '', search: '', hash: '', state: null, key: '' } } };
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      <Routed
        routes={routes}
        onLocation={(location) => {
          router.state.location = location;
        }}
      />
    </MemoryRouter>,
    { wrapper: providersWith(wrapper), ...options },
  );
  return { ...result, router, user };
}

/**
 * Renders `ui` inside the app's providers and a memory router. Returns `router`, whose
 * `state.location` is where the user is now (after clicks and redirects).
 */
export function renderApp(
  ui: ReactElement,
  { url = '/', path = '/', routes = [], wrapper, ...options }: RenderAppOptions = {},
) {
  return renderRouted([{ path, element: ui }, ...routes, { path: '*', element: <p>Elsewhere</p> }], url, wrapper, options);
}

/** Renders an entire route table (for router-level tests such as not-found pages). */
export function renderRoutes(routes: RouteObject[], url = '/', { wrapper }: { wrapper?: Wrapper } = {}) {
  return renderRouted(routes, url, wrapper);
}

export * from '@testing-library/react';
export { userEvent };
