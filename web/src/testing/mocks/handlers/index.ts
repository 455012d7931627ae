import { authHandlers } from './auth';
import { memberHandlers } from './member';
import { siteSettingsHandlers } from './site-settings';
import { templatesHandlers } from './templates';

export const handlers = [...templatesHandlers, ...authHandlers, ...siteSettingsHandlers, ...memberHandlers];
