import type { Language } from '../../shared/codes.js';
import type { Catalogue } from './catalogue.js';
import zhCN from './zh-CN.json';
import en from './en.json';
import playersZhCN from '../players/zh-CN.json';
import playersEn from '../players/en.json';
import moderationZhCN from '../moderation/zh-CN.json';
import moderationEn from '../moderation/en.json';

/**
 * The translation catalogue of each language: the app's own keys, plus each feature's file under
 * the feature's name (`players.search.title`). A feature keeps its texts beside its screens, so
 * two features never edit the same file.
 */
export const CATALOGUES: Record<Language, Catalogue> = {
  'zh-CN': { ...zhCN, players: playersZhCN, moderation: moderationZhCN },
  en: { ...en, players: playersEn, moderation: moderationEn },
};
