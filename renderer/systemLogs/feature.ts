import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/** The system logs (/admin/systemlogs): the audit trail and the backend's own events. */
export const systemLogsFeature = rendererFeature({
  id: 'systemLogs',
  screens: { 'admin.systemLogs': lazyScreen(() => import('./SystemLogsPage.js'), 'SystemLogsPage') },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
