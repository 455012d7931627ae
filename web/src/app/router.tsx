import { lazy, type ReactElement } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';

import { paths } from '@/config/paths';

import { MainLayout } from './layout/main-layout';
// Home is the first route of most visits: it comes in the main chunk, so its first paint waits
// for no second round trip (docs/benchmarks.md, "Home's first view").
import HomeRoute from './routes/home';

/*
 * React Router in declarative mode (`BrowserRouter` + `useRoutes`), not the data router: the
 * app loads its data with SWR, and the data router alone costs ~18 KB gzipped more on the first
 * route (docs/decisions.md, "Routing without the data router"). Pages other than Home are
 * `React.lazy`; the layout shows a spinner while one loads and an error page if one fails.
 */
const TemplatesRoute = lazy(() => import('./routes/templates'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const PremiumSuccessRoute = lazy(() => import('./routes/premium-success'));
const TemplatePreviewRoute = lazy(() => import('./routes/template-preview'));
const AiPhotoEditorRoute = lazy(() => import('./routes/ai-photo-editor'));
const LogoMakerRoute = lazy(() => import('./routes/logo-maker'));
const MyDesignsRoute = lazy(() => import('./routes/my-designs'));
// The editor (Konva) loads only on these two routes.
const DesignRoute = lazy(() => import('./routes/design'));
const EditorRoute = lazy(() => import('./routes/editor'));
const AccountRoute = lazy(() => import('./routes/account'));
const CreatorsRoute = lazy(() => import('./routes/creators'));
const CreatorRoute = lazy(() => import('./routes/creator'));
const SiteSettingsRoute = lazy(() => import('./routes/site-settings'));
const SiteAnalyticsRoute = lazy(() => import('./routes/site-analytics'));

/** `…/template/:templateId` under a listing: the listing stays mounted, the preview opens on top. */
const previewChild: RouteObject[] = [{ path: 'template/:templateId', element: <TemplatePreviewRoute /> }];

const listing: ReactElement = <TemplatesRoute />;

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute />, children: previewChild },
      { path: paths.templates.path, element: listing, children: previewChild },
      { path: paths.category.path, element: listing, children: previewChild },
      { path: paths.subCategory.path, element: listing, children: previewChild },
      { path: paths.logoMaker.path, element: <LogoMakerRoute /> },
      { path: paths.aiPhotoEditor.path, element: <AiPhotoEditorRoute /> },
      { path: paths.creators.path, element: <CreatorsRoute /> },
      { path: paths.creator.path, element: <CreatorRoute />, children: previewChild },
      { path: paths.myDesigns.path, element: <MyDesignsRoute /> },
      { path: paths.premiumSuccess.path, element: <PremiumSuccessRoute /> },
      { path: paths.siteSettings.path, element: <SiteSettingsRoute /> },
      { path: paths.siteAnalytics.path, element: <SiteAnalyticsRoute /> },
      { path: paths.design.path, element: <DesignRoute /> },
      { path: paths.editor.path, element: <EditorRoute /> },
      { path: paths.account.path, element: <AccountRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The routed app, inside whichever router the caller gives (tests use a memory router). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
