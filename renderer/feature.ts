import type { ComponentType } from 'react';
import type { Language } from '../shared/codes.js';
import type { GameId } from '../shared/games.js';
import type { GamePageKey } from '../shared/game-pages.js';
import type { Catalogue } from './i18n/catalogue.js';
import { preloadable } from './kit/lazy.js';

/** One language's texts of a feature, as a JSON module: `() => import('./en.json')`. */
export type TextsLoader = () => Promise<{ default: Catalogue }>;

/** Where a top-bar widget stands: after the console's title, or before the shell's own buttons. */
export type TopBarPlace = 'start' | 'end';

/**
 * A widget a feature puts in the signed-in frame's top bar (the bell, the to-do popup...). Its code
 * loads with the frame, never with the sign-in page: `preload` fetches it, `component` renders it.
 */
export interface TopBarWidget {
  /** `<feature>.<widget>`, unique in the top bar. */
  id: string;
  place: TopBarPlace;
  /** Its position within its place, across every feature's widgets: lower stands first. */
  order: number;
  component: ComponentType;
  preload: () => Promise<unknown>;
}

/** A top-bar widget from a named export of a module loaded on demand (checked against its type). */
export function topBarWidget<M extends Record<string, unknown>, K extends keyof M & string>(
  slot: { id: string; place: TopBarPlace; order: number },
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType<object> ? K : never),
): TopBarWidget {
  return { ...slot, ...preloadable<M, K>(load, name) };
}

/**
 * What a renderer feature module declares: its screens, its texts and its top-bar widgets.
 * renderer/features.ts lists the modules once; a route is ready exactly when some module has a
 * screen for it, so "this page is built" is said in one place, by the screen's existence.
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
  /** Widgets in the signed-in top bar; the shell lays every feature's out by place and order. */
  topBar?: readonly TopBarWidget[];
}

export function rendererFeature(def: RendererFeature): RendererFeature {
  return def;
}
