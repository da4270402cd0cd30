import { rendererFeature } from '../feature.js';

/**
 * Leaderboards: for now only the names of its audited actions (the audit log shows them); its
 * screens (top 100, seasons, level detail) come with the pages, which stay planned until then.
 */
export const leaderboardsFeature = rendererFeature({
  id: 'leaderboards',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
