import { authHandlers } from './auth';
import { creatorsHandlers } from './creators';
import { memberHandlers } from './member';
import { siteSettingsHandlers } from './site-settings';
import { templatesHandlers } from './templates';

export const handlers = [
  ...templatesHandlers,
  ...creatorsHandlers,
  ...authHandlers,
  ...siteSettingsHandlers,
  ...memberHandlers,
];
