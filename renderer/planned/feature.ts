import { rendererFeature } from '../feature.js';

/**
 * A route of the contract whose feature has no screen yet (while a feature is being built): the
 * router draws PlannedPage for it and the menu marks it, so the menu, the guard and the server
 * can agree on a page before its screen exists. Every page of the spec has its screen since
 * issue 20; the menu's tests and shell.e2e hold that none is planned.
 */
export const plannedFeature = rendererFeature({
  id: 'planned',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
