import { templatesHandlers } from './templates';

export const handlers = [...templatesHandlers];
