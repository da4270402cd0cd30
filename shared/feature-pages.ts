import { FEATURES } from './features.js';
import type { FeaturePages } from './pages.js';

/**
 * The page rules of every feature that has pages (the menu's order is each page's own, not this
 * list's): what the route table (routes.ts) is made from. Derived from FEATURES, not a
 * list of its own. Page rules are plain data, so the renderer's build puts their value here in
 * place of this module (vite.config.ts): the renderer's start-up, which makes the route table,
 * then evaluates no endpoint's schema and does not load zod.
 */
export const FEATURE_PAGES: readonly FeaturePages[] = FEATURES.flatMap(({ id, gamePages, routes }) =>
  gamePages || routes ? [{ id, ...(gamePages ? { gamePages } : {}), ...(routes ? { routes } : {}) }] : [],
);
