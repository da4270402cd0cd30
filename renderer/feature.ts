import type { ComponentType } from 'react';
import type { Language } from '../shared/codes.js';
import type { GameId, GamePageKey } from '../shared/games.js';
import type { Catalogue } from './i18n/catalogue.js';

/** One language's texts of a feature, as a JSON module: `() => import('./en.json')`. */
export type TextsLoader = () => Promise<{ default: Catalogue }>;

/**
 * What a renderer feature module declares: its screens and its texts. renderer/features.ts lists
 * the modules once; a route is ready exactly when some module has a screen for it, so "this page
 * is built" is said in one place, by the screen's existence.
 */
export interface RendererFeature {
  id: string;
  /** Screens of routes outside the games, by route id ('admin.users'). */
  screens?: Readonly<Record<string, ComponentType>>;
  /** Game screens, written once and given the game, by game page ('blacklist'). */
  gameScreens?: Readonly<Partial<Record<GamePageKey, ComponentType<{ game: GameId }>>>>;
  /**
   * The feature's texts in each language, mounted under `namespace` (the feature's id by
   * default; '' mounts them at the top of the catalogue). Loaders, not the texts: a language's
   * texts (all features' together, one chunk per language) load only when it is shown.
   */
  texts?: Readonly<Record<Language, TextsLoader>>;
  namespace?: string;
}

export function rendererFeature(def: RendererFeature): RendererFeature {
  return def;
}
