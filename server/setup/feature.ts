import { setupFeature } from '../../shared/api/setup.js';
import { serverFeature } from '../feature.js';
import { setupHandlers } from './handlers.js';

/** First run of the embedded backend: the first super-admin, or the demo operators. */
export const setupServer = serverFeature(setupFeature, { handlers: setupHandlers });
