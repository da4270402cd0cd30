import { byCodeUnits } from './order.js';
import { FEATURE_PAGES } from './feature-pages.js';
import type { FEATURES } from './features.js';
import { GAMES, GAME_IDS, type GameId } from './games.js';
import { MENU_SECTIONS, type GamePageRule } from './pages.js';

/**
 * The game pages (spec section 2), as the features that own them declare them (shared/api/
 * <feature>.pages.ts): each page's path, the games that have it, who may open it and its menu
 * place. The games registry says what a game is; everything about its pages is derived here, so a
 * new page touches its feature's files only.
 */

type PageKeysOf<F> = F extends { gamePages?: infer P } ? (P extends object ? keyof P : never) : never;

/** Every game page's key, from the features' declarations ('players', 'rechargeStats', ...). */
export type GamePageKey = Extract<PageKeysOf<(typeof FEATURES)[number]>, string>;

/** Two pages by their places in a game's menu: section, then order; pages outside the menu last. */
function byMenuPlace(a: GamePageRule, b: GamePageRule): number {
  const section = (r: GamePageRule) => (r.section ? MENU_SECTIONS.indexOf(r.section) : MENU_SECTIONS.length);
  return section(a) - section(b) || (a.order ?? 0) - (b.order ?? 0);
}

/** Every game page's rule, from the feature that owns it; each page has exactly one owner. */
function gamePageRules(): Record<GamePageKey, GamePageRule> {
  const rules = new Map<string, GamePageRule>();
  const owner = new Map<string, string>();
  for (const f of FEATURE_PAGES) {
    for (const [page, rule] of Object.entries(f.gamePages ?? {})) {
      const other = owner.get(page);
      if (other) throw new Error(`game page ${page} is declared by both ${other} and ${f.id}`);
      const unknown = [...(rule.games ?? []), ...Object.keys(rule.paths ?? {})].filter(
        (g) => !(GAME_IDS as readonly string[]).includes(g),
      );
      if (unknown.length > 0) throw new Error(`game page ${page} names unknown games: ${unknown.join(', ')}`);
      owner.set(page, f.id);
      rules.set(page, rule);
    }
  }
  return Object.fromEntries(rules) as Record<GamePageKey, GamePageRule>;
}

/** Who may open each game page (before the game's role is added), its path and its menu place. */
export const GAME_PAGE_META: Readonly<Record<GamePageKey, GamePageRule>> = gamePageRules();

/**
 * Every game page's key in the menu's order: by section, then by each page's declared place there;
 * pages outside the menu (details, tabs) after them by key. Not the features' order, so listing a
 * feature anywhere changes no menu.
 */
export const GAME_PAGE_KEYS: readonly GamePageKey[] = (Object.keys(GAME_PAGE_META) as GamePageKey[]).sort(
  (a, b) => byMenuPlace(GAME_PAGE_META[a], GAME_PAGE_META[b]) || byCodeUnits(a, b),
);

export function gameHasPage(game: GameId, page: GamePageKey): boolean {
  return GAME_PAGE_META[page].games?.includes(game) ?? true;
}

const PAGES_OF_GAME = new Map<GameId, readonly GamePageKey[]>(
  GAME_IDS.map((game) => [game, GAME_PAGE_KEYS.filter((p) => gameHasPage(game, p))]),
);

/** The pages one game has. */
export function gamePages(game: GameId): readonly GamePageKey[] {
  return PAGES_OF_GAME.get(game) ?? [];
}

/** A page's path under the game's route prefix, where the spec would place it there. */
export function prefixedPagePath(game: GameId, page: GamePageKey): string {
  return `/${GAMES[game].routePrefix}/${GAME_PAGE_META[page].path}`;
}

/** The console path of a game's page, e.g. gamePagePath('party', 'players') = '/party/admin/steamplayers'. */
export function gamePagePath(game: GameId, page: GamePageKey): string {
  return GAME_PAGE_META[page].paths?.[game] ?? prefixedPagePath(game, page);
}
