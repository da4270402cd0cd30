import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES } from './features.js';
import { FEATURE_PAGES } from './feature-pages.js';
import { GAME_IDS } from './games.js';
import { GAME_PAGE_KEYS, GAME_PAGE_META } from './game-pages.js';
import { ENDPOINTS } from './api/table.js';
import { ROUTES } from './routes.js';
import { ADMIN_ONLY, canAccess } from './roles.js';

const apiDir = fileURLToPath(new URL('./api/', import.meta.url));

describe('feature modules of the contract', () => {
  it('give every game page exactly one rule', () => {
    const owners = new Map<string, string[]>();
    for (const f of FEATURES)
      for (const page of Object.keys(f.gamePages ?? {}))
        owners.set(page, [...(owners.get(page) ?? []), f.id]);
    expect([...owners.keys()].sort()).toEqual([...GAME_PAGE_KEYS].sort());
    for (const page of GAME_PAGE_KEYS) {
      expect(owners.get(page), page).toHaveLength(1);
      const rule = GAME_PAGE_META[page];
      expect(rule.path, page).toMatch(/^[A-Za-z0-9][A-Za-z0-9/:]*$/);
      for (const game of [...(rule.games ?? []), ...Object.keys(rule.paths ?? {})])
        expect(GAME_IDS, `${page}: ${game}`).toContain(game);
    }
  });

  it('give the route table each feature’s own page rules, in the list’s order, as plain data', () => {
    const withPages = FEATURES.filter((f) => f.gamePages || f.routes);
    expect(FEATURE_PAGES.map((p) => p.id)).toEqual(withPages.map((f) => f.id));
    for (const f of withPages) {
      const pages = FEATURE_PAGES.find((p) => p.id === f.id);
      expect(pages?.gamePages, f.id).toBe(f.gamePages);
      expect(pages?.routes, f.id).toBe(f.routes);
    }
    // The renderer's build puts their value in place of the module (vite.config.ts): nothing of it
    // may be lost on the way (a function, a class, undefined).
    expect(JSON.parse(JSON.stringify(FEATURE_PAGES))).toStrictEqual(
      FEATURE_PAGES.map((p) => structuredClone(p)),
    );
  });

  it('make the endpoint table and the route table, with no id twice', () => {
    const ids = FEATURES.flatMap((f) => Object.keys(f.endpoints));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...ids].sort());
    const routeIds = FEATURES.flatMap((f) => (f.routes ?? []).map((r) => r.id));
    for (const id of routeIds) expect(ROUTES.some((r) => r.id === id)).toBe(true);
  });

  it('state each endpoint’s own rule: no contract module borrows a page rule from the route table', () => {
    for (const file of readdirSync(apiDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(`${apiDir}${file}`, 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/routes\.js'/);
      expect(text, file).not.toMatch(/GAME_PAGE_META/);
    }
  });

  it('keep deleting and activating a player to ADMIN, whatever the statistics page allows', () => {
    expect(ENDPOINTS['players.delete'].access).toEqual(ADMIN_ONLY);
    expect(ENDPOINTS['players.activate'].access).toEqual(ADMIN_ONLY);
    expect(canAccess(['Service'], ENDPOINTS['players.delete'].access)).toBe(false);
  });

  it('name each capability once: endpoint ids are <capability>.<action>, the capability a page or a feature', () => {
    const pageKeys = new Set<string>(GAME_PAGE_KEYS);
    // Beside pages and features: the heroes list, the games' catalogues (items, shop, packs), and
    // the payment side's three parts, each with calls on more than one page.
    const parts = ['heroes', 'catalogue', 'payOrders', 'payProviders', 'payServer'];
    const known = new Set<string>([...pageKeys, ...FEATURES.map((f) => f.id), ...parts]);
    for (const id of Object.keys(ENDPOINTS)) {
      const capability = id.split('.')[0] ?? '';
      expect(known.has(capability), `${id}: ${capability} is not a page or feature name`).toBe(true);
    }
  });
});

describe('party pages the spec lists twice', () => {
  it('keep the /party/... path and lead the party/admin/... one to it', () => {
    const retrieve = ROUTES.find((r) => r.id === 'party.orderRetrieve');
    expect(retrieve?.path).toBe('/party/recharge/retrive');
    expect(retrieve?.aliases).toEqual(['/party/admin/recharge/retrive']);
    const stats = ROUTES.find((r) => r.id === 'party.rechargeStats');
    expect(stats?.aliases).toEqual(['/party/admin/recharge/statis']);
    const all = ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(all).size).toBe(all.length);
  });
});
