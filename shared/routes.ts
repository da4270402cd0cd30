import { type Access, PUBLIC, SIGNED_IN, anyOf, withRequired } from './roles.js';
import { GAMES, GAME_LIST, type GameId, type GamePageKey, gamePagePath } from './games.js';

/**
 * The route table: every real route of spec section 2 with who may open it. It drives the side
 * menu, the renderer's guard and (through the same Access values on endpoints) the server's RBAC.
 * The template demo routes of the spec are not here on purpose.
 */

export type Layout = 'auth' | 'errors' | 'main';

/** `ready` pages are built; `planned` pages say plainly that they come in a later release. */
export type RouteStatus = 'ready' | 'planned';

/** Side-menu sections inside a group; the order here is the menu order. */
export const MENU_SECTIONS = [
  'players',
  'moderation',
  'codes',
  'recharge',
  'leaderboards',
  'statistics',
  'tools',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export type MenuGroupId = 'home' | 'admin' | GameId | 'todo';

export interface RouteDef {
  /** Stable id: 'admin.users', 'todo.list', 'ymmj.players'. */
  id: string;
  /** react-router path pattern. */
  path: string;
  layout: Layout;
  access: Access;
  /** i18n key of the page title (renderer catalogue). */
  titleKey: string;
  status: RouteStatus;
  game?: GameId;
  page?: GamePageKey;
  /** Where it sits in the side menu; absent for routes reached from another page (details, tabs). */
  menu?: { group: MenuGroupId; section?: MenuSection };
}

interface GamePageMeta {
  access: Access;
  section?: MenuSection;
  status: RouteStatus;
}

const ADMIN = anyOf('ADMIN');
const ADMIN_OR_SERVICE = anyOf('ADMIN', 'Service');
/** The base admin group: SUPER, as the spec's menu says (the spec's route table disagreed). */
const SUPER_ONLY = anyOf('SUPER');

/** Access before the game's own role is added, and the page's place in the game's menu group. */
export const GAME_PAGE_META: Record<GamePageKey, GamePageMeta> = {
  players: { access: ADMIN_OR_SERVICE, section: 'players', status: 'ready' },
  player: { access: ADMIN_OR_SERVICE, status: 'ready' },
  playerTab: { access: ADMIN_OR_SERVICE, status: 'ready' },
  playerStats: { access: ADMIN, section: 'players', status: 'ready' },
  testingPlayers: { access: ADMIN, section: 'players', status: 'ready' },
  specialUsers: { access: ADMIN, section: 'players', status: 'ready' },
  specialUserCreate: { access: ADMIN, section: 'players', status: 'ready' },
  bannedHeroes: { access: ADMIN, section: 'moderation', status: 'ready' },
  blacklist: { access: ADMIN, section: 'moderation', status: 'ready' },
  blacklistCreate: { access: ADMIN, section: 'moderation', status: 'ready' },
  activeCodes: { access: ADMIN, section: 'codes', status: 'planned' },
  shopTickets: { access: ADMIN, section: 'codes', status: 'planned' },
  steamKey: { access: ADMIN, section: 'codes', status: 'planned' },
  steamToken: { access: ADMIN, section: 'codes', status: 'planned' },
  orderCreate: { access: ADMIN, section: 'recharge', status: 'planned' },
  orderRetrieve: { access: ADMIN, section: 'recharge', status: 'planned' },
  rechargeStats: { access: ADMIN, section: 'recharge', status: 'planned' },
  pay: { access: SIGNED_IN, section: 'recharge', status: 'planned' },
  payTab: { access: SIGNED_IN, status: 'planned' },
  shop: { access: SIGNED_IN, section: 'recharge', status: 'planned' },
  shopTab: { access: SIGNED_IN, status: 'planned' },
  orderDetail: { access: SIGNED_IN, status: 'planned' },
  top100: { access: ADMIN_OR_SERVICE, section: 'leaderboards', status: 'planned' },
  season: { access: ADMIN_OR_SERVICE, section: 'leaderboards', status: 'planned' },
  levelDetail: { access: ADMIN, section: 'leaderboards', status: 'planned' },
  dailyReport: { access: ADMIN, section: 'statistics', status: 'planned' },
  shopDailyReport: { access: ADMIN, section: 'statistics', status: 'planned' },
  matchStats: { access: ADMIN_OR_SERVICE, section: 'statistics', status: 'planned' },
  apiStats: { access: ADMIN, section: 'statistics', status: 'planned' },
  ipStats: { access: ADMIN, section: 'statistics', status: 'planned' },
  clientIps: { access: ADMIN, section: 'statistics', status: 'planned' },
  batchFix: { access: ADMIN, section: 'tools', status: 'planned' },
};

/** The access rule of one game's page: the page's rule plus the game's role. */
export function gamePageAccess(game: GameId, page: GamePageKey): Access {
  return withRequired(GAME_PAGE_META[page].access, GAMES[game].role);
}

const fixed = (
  id: string,
  path: string,
  layout: Layout,
  access: Access,
  status: RouteStatus,
  menu?: RouteDef['menu'],
): RouteDef => ({ id, path, layout, access, titleKey: `route.${id}`, status, ...(menu ? { menu } : {}) });

const AUTH_ROUTES: RouteDef[] = [
  fixed('auth.login', '/auth/login', 'auth', PUBLIC, 'ready'),
  fixed('auth.register', '/auth/register', 'auth', PUBLIC, 'ready'),
  fixed('auth.logout', '/auth/logout', 'auth', PUBLIC, 'ready'),
];

const ERROR_ROUTES: RouteDef[] = [
  fixed('errors.401', '/errors/error-401', 'errors', PUBLIC, 'ready'),
  fixed('errors.404', '/errors/error-404', 'errors', PUBLIC, 'ready'),
  fixed('errors.500', '/errors/error-500', 'errors', PUBLIC, 'ready'),
];

const HOME_ROUTES: RouteDef[] = [fixed('home', '/home', 'main', SIGNED_IN, 'ready', { group: 'home' })];

const ADMIN_ROUTES: RouteDef[] = [
  fixed('admin.users', '/admin/users', 'main', SUPER_ONLY, 'ready', { group: 'admin' }),
  fixed('admin.userCreate', '/admin/users/create', 'main', SUPER_ONLY, 'ready', { group: 'admin' }),
  fixed('admin.userEdit', '/admin/user/:phone/edit', 'main', SUPER_ONLY, 'ready'),
  fixed('admin.user', '/admin/user/:phone', 'main', SUPER_ONLY, 'ready'),
  fixed('admin.steamToken', '/admin/steamtoken', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
  fixed('admin.serverWatch', '/admin/serverwatch', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
  fixed('admin.shortcut', '/admin/shortcut', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
  fixed('admin.payOrders', '/pay/orders', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
  fixed('admin.paypal', '/pay/paypal', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
  fixed('admin.systemLogs', '/admin/systemlogs', 'main', SUPER_ONLY, 'planned', { group: 'admin' }),
];

const TODO_ROUTES: RouteDef[] = [
  fixed('todo.list', '/admin/todo', 'main', SIGNED_IN, 'planned', { group: 'todo' }),
  fixed('todo.create', '/admin/todo/todoCreate', 'main', SIGNED_IN, 'planned', { group: 'todo' }),
];

function gameRoutes(): RouteDef[] {
  return GAME_LIST.flatMap((game) =>
    game.pages.map((page): RouteDef => {
      const meta = GAME_PAGE_META[page];
      return {
        id: `${game.id}.${page}`,
        path: gamePagePath(game.id, page),
        layout: 'main',
        access: gamePageAccess(game.id, page),
        titleKey: `page.${page}`,
        status: meta.status,
        game: game.id,
        page,
        ...(meta.section ? { menu: { group: game.id, section: meta.section } } : {}),
      };
    }),
  );
}

export const ROUTES: readonly RouteDef[] = [
  ...AUTH_ROUTES,
  ...ERROR_ROUTES,
  ...HOME_ROUTES,
  ...ADMIN_ROUTES,
  ...gameRoutes(),
  ...TODO_ROUTES,
];

export const ROUTES_BY_ID: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const r = ROUTES_BY_ID.get(id);
  if (!r) throw new Error(`unknown route id ${id}`);
  return r;
}

/** Fills a path pattern's params: fillPath('/admin/user/:phone', { phone: '1' }). */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing route param ${name} for ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

/** The console path of a player's detail page, on a tab when given. */
export function playerPath(game: GameId, id: string, tab?: string): string {
  return tab
    ? fillPath(gamePagePath(game, 'playerTab'), { id, tab })
    : fillPath(gamePagePath(game, 'player'), { id });
}

export const LOGIN_PATH = '/auth/login';
export const LANDING_PATH = '/home';
export const ERROR_401_PATH = '/errors/error-401';
export const ERROR_404_PATH = '/errors/error-404';
export const ERROR_500_PATH = '/errors/error-500';
