import { rendererFeature } from '../feature.js';

/**
 * The spec's pages that a later release builds (shared/api/planned.ts): no screen, so the router
 * draws PlannedPage for each and the menu marks them. Its texts are that page's and the pages'
 * titles; each title moves to its feature's texts when an issue builds the page.
 */
export const plannedFeature = rendererFeature({
  id: 'planned',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
