import { overviewFeature } from '../../shared/api/overview.js';
import { serverFeature } from '../feature.js';
import { overviewHandlers } from './handlers.js';

/**
 * The landing page's brief info: no tables of its own; it reads the reports' rollups, server
 * watch, orders and the to-do list through their ports.
 */
export const overviewServer = serverFeature(overviewFeature, { handlers: overviewHandlers });
