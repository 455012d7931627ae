import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
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

/**
 * Renders `ui` inside the app's providers and a memory router. Returns the router, so tests can
 * assert where a click took the user (`router.state.location`).
 */
export function renderApp(
  ui: ReactElement,
  { url = '/', path = '/', routes = [], wrapper, ...options }: RenderAppOptions = {},
) {
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, { path: '*', element: <p>Elsewhere</p> }],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />, { wrapper: providersWith(wrapper), ...options });
  return { ...result, router, user };
}

/** Renders an entire route table (for router-level tests such as not-found pages). */
export function renderRoutes(routes: RouteObject[], url = '/', { wrapper }: { wrapper?: Wrapper } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />, { wrapper: providersWith(wrapper) });
  return { ...result, router, user };
}

export * from '@testing-library/react';
export { userEvent };
