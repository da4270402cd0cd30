import { rendererFeature } from '../feature.js';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The About box's texts (the box itself is mounted by renderer/app/desktop.tsx). */
export const aboutFeature = rendererFeature({ id: 'about', texts: { 'zh-CN': zhCN, en } });
