import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { MainLayout } from './layout/main-layout';
import { RouteErrorPage } from './routes/error';
import type { PageHandle } from './routes/placeholder';

type RouteModule = { default: ComponentType };

/** Lazily loads a route module whose default export is the page component. */
const page = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

const home = page(() => import('./routes/home'));
const templates = page(() => import('./routes/templates'));
const placeholder = page(() => import('./routes/placeholder'));
const notFound = page(() => import('./routes/not-found'));
const resetPassword = page(() => import('./routes/reset-password'));

/** `…/template/:templateId` under a listing: the listing stays mounted, the preview opens on top. */
const previewChild: RouteObject[] = [{ path: 'template/:templateId', element: null }];

const placeholderRoute = (path: string, title: string): NonIndexRouteObject => ({
  path,
  lazy: placeholder,
  handle: { title } satisfies PageHandle,
});

/** The route table of spec section 2. Pages load lazily; a spinner shows meanwhile. */
export const routes: RouteObject[] = [
  {
    Component: MainLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { path: paths.home.path, lazy: home, children: previewChild },
          { path: paths.templates.path, lazy: templates, children: previewChild },
          { path: paths.category.path, lazy: templates, children: previewChild },
          { path: paths.subCategory.path, lazy: templates, children: previewChild },
          placeholderRoute(paths.logoMaker.path, 'Logo Maker'),
          placeholderRoute(paths.aiPhotoEditor.path, 'AI Photo Editor'),
          placeholderRoute(paths.creators.path, 'Creators'),
          { ...placeholderRoute(paths.creator.path, 'Creator'), children: previewChild },
          placeholderRoute(paths.myDesigns.path, 'My Designs'),
          placeholderRoute(paths.premiumSuccess.path, 'Welcome to Premium'),
          placeholderRoute(paths.siteSettings.path, 'Site Settings'),
          placeholderRoute(paths.design.path, 'Design'),
          placeholderRoute(paths.editor.path, 'Editor'),
          placeholderRoute(paths.account.path, 'Account'),
          { path: paths.resetPassword.path, lazy: resetPassword },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
