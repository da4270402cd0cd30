import { shortcutsFeature } from '../../shared/api/shortcuts.js';
import { serverFeature } from '../feature.js';
import { shortcutsHandlers } from './handlers.js';
import { shortcutsMigrations } from './migrations.js';

/** Every operator's own shortcuts and pinned pages: its two calls and its table (no seed: defaults apply). */
export const shortcutsServer = serverFeature(shortcutsFeature, {
  handlers: shortcutsHandlers,
  migrations: shortcutsMigrations,
});
