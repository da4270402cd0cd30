import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';
import zhCN from './zh-CN.json';
import en from './en.json';

/** The system logs (/admin/systemlogs): the audit trail and the backend's own events. */
export const systemLogsFeature = rendererFeature({
  id: 'systemLogs',
  screens: { 'admin.systemLogs': lazyScreen(() => import('./SystemLogsPage.js'), 'SystemLogsPage') },
  texts: { 'zh-CN': zhCN, en },
});
