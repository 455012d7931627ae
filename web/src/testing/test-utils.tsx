import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';

import { swrDefaults } from '@/lib/swr';

/** The app's SWR settings with a fresh cache per test and no retries or dedupe delays. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{ ...swrDefaults, provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}
    >
      {children}
    </SWRConfig>
  );
}

type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
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
export function renderApp(ui: ReactElement, { url = '/', path = '/', routes = [], ...options }: RenderAppOptions = {}) {
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, { path: '*', element: <p>Elsewhere</p> }],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />, { wrapper: TestProviders, ...options });
  return { ...result, router, user };
}

/** Renders an entire route table (for router-level tests such as not-found pages). */
export function renderRoutes(routes: RouteObject[], url = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />, { wrapper: TestProviders });
  return { ...result, router, user };
}

export * from '@testing-library/react';
export { userEvent };
