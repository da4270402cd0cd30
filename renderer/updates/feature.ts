import { rendererFeature } from '../feature.js';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The desktop app's updater in the window: the top bar's button, the update dialog, its status. */
export const updatesFeature = rendererFeature({ id: 'updates', texts: { 'zh-CN': zhCN, en } });
