import { rendererFeature } from '../feature.js';
import en from './en.json';
import zhCN from './zh-CN.json';

/** Dark mode and the desktop preferences shown in the settings dialog. */
export const themeFeature = rendererFeature({ id: 'theme', texts: { 'zh-CN': zhCN, en } });
