import type { ComponentType } from 'react';
import type { GameId } from '../shared/games.js';
import type { RouteDef } from '../shared/routes.js';
import type { RendererFeature, TopBarWidget } from './feature.js';
import type { Shell } from './shell/context.js';
import * as LISTED from './feature-list.js';
import { orderByNeeds } from '../shared/order.js';

/**
 * The renderer's feature modules (listed once, in feature-list.ts; the contract's list is
 * shared/feature-list.ts, the server's server/feature-list.ts), by id. The router mounts their
 * screens, the catalogue their texts, the top bar their widgets (each in its declared place), and
 * the menu and home page mark every route without a screen as planned.
 */
export const RENDERER_FEATURES: readonly RendererFeature[] = orderByNeeds(Object.values(LISTED));

export type Screen =
  { kind: 'route'; component: ComponentType } | { kind: 'game'; component: ComponentType<{ game: GameId }> };

const routeScreens = new Map<string, ComponentType>();
const gameScreens = new Map<string, ComponentType<{ game: GameId }>>();
for (const f of RENDERER_FEATURES) {
  for (const [id, c] of Object.entries(f.screens ?? {})) {
    if (routeScreens.has(id)) throw new Error(`route ${id} has two screens`);
    routeScreens.set(id, c);
  }
  for (const [page, c] of Object.entries(f.gameScreens ?? {})) {
    if (!c) continue;
    if (gameScreens.has(page)) throw new Error(`game page ${page} has two screens`);
    gameScreens.set(page, c);
  }
}

/** The screen that serves a route, or null when its feature is not built yet. */
export function screenOf(route: RouteDef): Screen | null {
  if (route.page && route.game) {
    const c = gameScreens.get(route.page);
    return c ? { kind: 'game', component: c } : null;
  }
  const c = routeScreens.get(route.id);
  return c ? { kind: 'route', component: c } : null;
}

/** Whether a route has its screen: the one place a page is said to be built. */
export function isReady(route: RouteDef): boolean {
  return screenOf(route) !== null;
}

/** Route ids and game pages that some module serves but the route table does not know. */
export function strayScreens(routes: readonly RouteDef[]): string[] {
  const ids = new Set(routes.map((r) => r.id));
  const pages = new Set(routes.flatMap((r) => (r.page ? [r.page] : [])));
  return [
    ...[...routeScreens.keys()].filter((id) => !ids.has(id)),
    ...[...gameScreens.keys()].filter((p) => !pages.has(p as never)),
  ];
}

/** Every feature's top-bar widgets, each place in its declared order; an id or a place taken twice is refused. */
export function topBarOf(features: readonly RendererFeature[]): TopBarWidget[] {
  const widgets = features.flatMap((f) => f.topBar ?? []);
  const seen = new Map<string, string>();
  for (const w of widgets) {
    for (const key of [w.id, `${w.place} ${w.order}`]) {
      const other = seen.get(key);
      if (other) throw new Error(`top-bar widgets ${other} and ${w.id} both take ${key}`);
      seen.set(key, w.id);
    }
  }
  return widgets.sort((a, b) => (a.place === b.place ? a.order - b.order : a.place === 'start' ? -1 : 1));
}

/** What the frame knows of the features (renderer/shell/context.ts): the app's root hands it down. */
export const SHELL: Shell = { isReady, topBar: topBarOf(RENDERER_FEATURES) };
