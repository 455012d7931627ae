import { authHandlers } from './auth';
import { siteSettingsHandlers } from './site-settings';
import { templatesHandlers } from './templates';

export const handlers = [...templatesHandlers, ...authHandlers, ...siteSettingsHandlers];
