import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { AxeBuilder } from '@axe-core/playwright';
import type { Language } from '../../shared/codes.js';
import { canAccess } from '../../shared/roles.js';
import { GAMES } from '../../shared/games.js';
import { PAY_TABS } from '../../shared/api/orders.js';
import { ROUTES, fillPath, type RouteDef } from '../../shared/routes.js';
import { DEMO_OPERATORS } from '../../server/seed/operators.js';
import { playerIdOf } from '../../server/seed/players.js';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * The accessibility audit (issue 24): axe-core on every page of the route table, as an operator
 * who may open it, in both languages and both themes, with the ban dialog audited open. Any WCAG
 * 2.x A or AA violation fails; best-practice findings are printed, not failed. The page list comes
 * from the route table, so a new page is audited without touching this file.
 */
const fx = useConsole();

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Every page in both languages and both themes, each pair a run of its own: the language changes
 * names (a control's visible text against its accessible name), the theme colours; about three
 * minutes a run on two cores.
 */
const RUNS: readonly { language: Language; theme: 'light' | 'dark' }[] = [
  { language: 'en', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
  { language: 'en', theme: 'dark' },
  { language: 'zh-CN', theme: 'light' },
];
/** Where each page's findings and the summaries are written as they come, when set. */
const REPORT = process.env['A11Y_REPORT'];
/** Audits only the paths this matches, when set: to look again at a few pages while fixing them. */
const ONLY = process.env['A11Y_ONLY'] ? new RegExp(process.env['A11Y_ONLY']) : null;
/** Player 7 of every game holds 10,000 pieces of equipment (server/seed/players.ts). */
const HEAVY_PLAYER = 7;

/**
 * Who opens each page: the first demo operator (in the README's order) the route's rule lets in,
 * SUPER last since it passes every rule; nobody for a public page, which is audited signed out.
 */
const OPERATORS = [
  ...DEMO_OPERATORS.filter((o) => !o.roles.includes('SUPER')),
  ...DEMO_OPERATORS.filter((o) => o.roles.includes('SUPER')),
];
function operatorFor(route: RouteDef): string | null {
  if (route.access.kind === 'public') return null;
  const op = OPERATORS.find((o) => canAccess(o.roles, route.access));
  if (!op) throw new Error(`no demo operator may open ${route.id}`);
  return op.name;
}

interface Finding {
  rule: string;
  impact: string;
  level: 'A/AA' | 'best practice';
  targets: string[];
}

interface Audited {
  page: string;
  findings: Finding[];
}

/** Requests the screen is still waiting for (the bridge's calls, lazy chunks), per page. */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => {
    // The bridge's event stream (a fetch read as server-sent events) stays open for good.
    if (r.resourceType() !== 'eventsource' && !new URL(r.url()).pathname.endsWith('/__events')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/**
 * Waits until the screen has its content: no call or chunk on its way and no spinner, for three
 * frames in a row. A screen that never settles (a live view) is audited as it is after 15 s.
 */
async function settled(page: Page, pending: () => number): Promise<void> {
  const giveUp = Date.now() + 15_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < giveUp) {
    const busy =
      pending() > 0 ||
      (await page.evaluate(
        () => !!document.querySelector('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]'),
      ));
    quiet = busy ? 0 : quiet + 1;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  }
}

async function audit(page: Page, label: string): Promise<Audited> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per audit to merge
  // the frames' results, which the console (one frame) does not need and which doubles the time.
  const result = await new AxeBuilder({ page })
    .withTags([...WCAG_TAGS, 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  return {
    page: label,
    findings: result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      level: v.tags.some((t) => WCAG_TAGS.includes(t)) ? 'A/AA' : 'best practice',
      targets: v.nodes.map((n) => n.target.join(' ')),
    })),
  };
}

async function call<T>(endpoint: string, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

/**
 * The concrete paths of a route, its parameters taken from the seeded data through the API (as the
 * operator who opens it): a player's every tab, every pay or shop tab, a real order and operator.
 */
async function pathsOf(route: RouteDef, auditedTabs: Set<string>): Promise<string[]> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  if (names.length === 0) return [route.path];
  const game = route.game ? GAMES[route.game] : null;
  const values: Record<string, string[]> = {};
  for (const name of names) {
    if (name === 'phone') {
      const users = await call<{ items: { phone: string }[] }>('users.list', { pageSize: 1 });
      values[name] = users.items.slice(0, 1).map((u) => u.phone);
    } else if (name === 'id' && route.page === 'orderDetail' && game) {
      const orders = await call<{ items: { orderId: string }[] }>('orders.search', {
        game: game.id,
        pageSize: 1,
      });
      values[name] = orders.items.slice(0, 1).map((o) => o.orderId);
    } else if (name === 'id' && game) {
      const found = await call<{ items: { id: string }[] }>('players.search', {
        game: game.id,
        id: playerIdOf(game.id, HEAVY_PLAYER),
      });
      values[name] = found.items.slice(0, 1).map((p) => p.id);
    } else if (name === 'tab' && route.page === 'playerTab' && game) {
      // The games share one page and one component per tab kind: each game shows the tabs no
      // game before it showed (at least its first), so every tab is audited once, not four times.
      const fresh = game.playerTabs.filter((tb) => !auditedTabs.has(tb));
      values[name] = fresh.length > 0 ? fresh : game.playerTabs.slice(0, 1);
      for (const tb of values[name]) auditedTabs.add(tb);
    } else if (name === 'tab') {
      values[name] = [...PAY_TABS];
    }
    if (!values[name]?.length) throw new Error(`no value for :${name} of ${route.id} in the seeded data`);
  }
  let params: Record<string, string>[] = [{}];
  for (const name of names) {
    params = params.flatMap((p) => (values[name] ?? []).map((v) => ({ ...p, [name]: v })));
  }
  return params.map((p) => fillPath(route.path, p));
}

/** Opens the ban dialog of a page that has one, audits it open, and closes it. */
async function auditDialogs(page: Page, label: string, pending: () => number): Promise<Audited[]> {
  const opener = page.getByTestId('ban-hero-open');
  if ((await opener.count()) === 0) return [];
  await opener.click();
  await page.getByTestId('ban-hero-dialog').waitFor();
  await settled(page, pending);
  const audited = await audit(page, `${label} (ban dialog)`);
  await page.keyboard.press('Escape');
  await page.getByTestId('ban-hero-dialog').waitFor({ state: 'detached' });
  return [audited];
}

function describeAudit(a: Audited): string {
  const lines = a.findings.map(
    (f) => `    ${f.level} ${f.rule} (${f.impact}): ${f.targets.slice(0, 3).join(' | ')}\n`,
  );
  return `${a.page}: ${a.findings.length} rules\n${lines.join('')}`;
}

function summary(label: string, results: Audited[]): string {
  const byRule = new Map<string, { level: string; impact: string; pages: number; nodes: number }>();
  for (const r of results) {
    for (const f of r.findings) {
      const s = byRule.get(f.rule) ?? { level: f.level, impact: f.impact, pages: 0, nodes: 0 };
      s.pages += 1;
      s.nodes += f.targets.length;
      byRule.set(f.rule, s);
    }
  }
  const lines = [...byRule.entries()]
    .sort((a, b) => a[1].level.localeCompare(b[1].level) || b[1].pages - a[1].pages)
    .map(
      ([rule, s]) =>
        `  ${s.level.padEnd(13)} ${rule.padEnd(32)} ${s.impact.padEnd(9)} pages ${s.pages}, nodes ${s.nodes}`,
    );
  return [`a11y audit ${label}: ${results.length} pages audited`, ...lines].join('\n');
}

describe.each(RUNS)('every page in $language, $theme', ({ language, theme }) => {
  it('has no WCAG A or AA violation', { timeout: 3_600_000 }, async () => {
    await fx.host.core.handlers['settings:set']({ language, theme });
    const page = await openConsole(fx.browser, fx.host);
    const pending = trackRequests(page);
    const results: Audited[] = [];
    const auditedTabs = new Set<string>();
    try {
      // The first page of a run also waits for the host's first answers on a busy machine.
      await page.getByTestId('login-form').waitFor({ timeout: 120_000 });
      const routes = ROUTES.map((route) => ({ route, operator: operatorFor(route) }));
      // Signed out first, then one operator at a time.
      const operators = [null, ...new Set(routes.map((r) => r.operator).filter((o) => o !== null))];
      for (const operator of operators) {
        if (operator) {
          await goTo(page, '/auth/login');
          await page.getByTestId('login-form').waitFor();
          await signIn(page, operator);
          await waitForPath(page, '/home');
        }
        for (const { route } of routes.filter((r) => r.operator === operator)) {
          for (const path of await pathsOf(route, auditedTabs)) {
            if (ONLY && !ONLY.test(path)) continue;
            const started = Date.now();
            await goTo(page, path);
            await settled(page, pending);
            const shown = Date.now();
            const label = `${operator ?? 'signed out'} ${path}`;
            const found = [await audit(page, label), ...(await auditDialogs(page, label, pending))];
            results.push(...found);
            const timing = `  (shown in ${shown - started} ms, audited in ${Date.now() - shown} ms)\n`;
            if (REPORT) appendFileSync(REPORT, found.map(describeAudit).join('') + timing);
          }
        }
        if (operator) {
          await goTo(page, '/auth/logout');
          await waitForPath(page, '/auth/login');
        }
      }
    } finally {
      await page.context().close();
      await fx.host.core.handlers['settings:set']({ language: 'en', theme: 'system' });
    }
    const text = summary(`${language} ${theme}`, results);
    console.log(text);
    if (REPORT) appendFileSync(REPORT, `${text}\n`);
    const failing = results.flatMap((r) =>
      r.findings
        .filter((f) => f.level === 'A/AA')
        .map((f) => `${r.page}: ${f.rule} at ${f.targets.join(', ')}`),
    );
    expect(failing).toEqual([]);
  });
});
