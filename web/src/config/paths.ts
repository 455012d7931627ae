/**
 * Every route of the app in one place (spec section 2). `path` is the router pattern,
 * `getHref` builds a concrete URL.
 */
const enc = encodeURIComponent;

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  homeTemplate: {
    path: '/template/:templateId',
    getHref: (templateId: string) => `/template/${enc(templateId)}`,
  },
  templates: {
    path: '/templates',
    getHref: (search?: string) => (search ? `/templates?search=${enc(search)}` : '/templates'),
  },
  templatesTemplate: {
    path: '/templates/template/:templateId',
    getHref: (templateId: string) => `/templates/template/${enc(templateId)}`,
  },
  category: {
    path: '/templates/:category',
    getHref: (categorySlug: string) => `/templates/${enc(categorySlug)}`,
  },
  categoryTemplate: {
    path: '/templates/:category/template/:templateId',
    getHref: (categorySlug: string, templateId: string) =>
      `/templates/${enc(categorySlug)}/template/${enc(templateId)}`,
  },
  subCategory: {
    path: '/templates/:category/:subcategory',
    getHref: (categorySlug: string, subCategorySlug: string) =>
      `/templates/${enc(categorySlug)}/${enc(subCategorySlug)}`,
  },
  subCategoryTemplate: {
    path: '/templates/:category/:subcategory/template/:templateId',
    getHref: (categorySlug: string, subCategorySlug: string, templateId: string) =>
      `/templates/${enc(categorySlug)}/${enc(subCategorySlug)}/template/${enc(templateId)}`,
  },
  logoMaker: {
    path: '/logo-maker',
    getHref: () => '/logo-maker',
  },
  aiPhotoEditor: {
    path: '/ai-photo-editor',
    getHref: () => '/ai-photo-editor',
  },
  creators: {
    path: '/creators',
    getHref: () => '/creators',
  },
  creator: {
    path: '/creators/:username',
    getHref: (username: string) => `/creators/${enc(username)}`,
  },
  creatorTemplate: {
    path: '/creators/:username/template/:templateId',
    getHref: (username: string, templateId: string) =>
      `/creators/${enc(username)}/template/${enc(templateId)}`,
  },
  myDesigns: {
    path: '/my-designs',
    getHref: () => '/my-designs',
  },
  premiumSuccess: {
    path: '/premium-success',
    getHref: () => '/premium-success',
  },
  siteSettings: {
    path: '/site-settings',
    getHref: () => '/site-settings',
  },
  siteAnalytics: {
    path: '/site-settings/analytics',
    getHref: () => '/site-settings/analytics',
  },
  design: {
    path: '/design',
    getHref: (query: { templateId: string } | { blank: true }) =>
      'templateId' in query ? `/design?templateId=${enc(query.templateId)}` : '/design?blank=true',
  },
  editor: {
    path: '/editor',
    getHref: (designId?: string) => (designId ? `/editor?designId=${enc(designId)}` : '/editor'),
  },
  account: {
    path: '/account',
    getHref: () => '/account',
  },
  resetPassword: {
    path: '/auth/reset-password',
    getHref: () => '/auth/reset-password',
  },
} as const;
