import { authHandlers } from './auth';
import { creatorsHandlers } from './creators';
import { memberHandlers } from './member';
import { promptsHandlers } from './prompts';
import { siteSettingsHandlers } from './site-settings';
import { templatesHandlers } from './templates';

export const handlers = [
  ...templatesHandlers,
  ...creatorsHandlers,
  ...authHandlers,
  ...siteSettingsHandlers,
  ...memberHandlers,
  ...promptsHandlers,
];
