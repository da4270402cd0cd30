import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { ROUTES } from '../../shared/routes.js';
import { openConsole, signIn, waitForPath, goTo, hashPath } from './support.js';
import { useConsole } from './fixture.js';

/** The frame around the pages: redirects, the menu, the error pages, the bell, accessibility. */
const fx = useConsole();

async function signedIn(account: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  if (viewport) await page.setViewportSize(viewport);
  await waitForPath(page, '/auth/login');
  await signIn(page, account);
  await waitForPath(page, '/home');
  await page.getByTestId('page-title').waitFor();
  return page;
}

/** Whether the element's box lies within the box of the scrolling side menu. */
async function insideSideNav(page: Page, testId: string): Promise<boolean> {
  const nav = await page.getByTestId('side-nav').boundingBox();
  const item = await page.getByTestId(testId).boundingBox();
  if (!nav || !item) return false;
  return item.y >= nav.y && item.y + item.height <= nav.y + nav.height;
}

describe('the sign-in page while signed in', () => {
  it('leads on even when reached again while its redirect is still being shown', async () => {
    const page = await signedIn('admin');
    // The operator comes back to the sign-in page (Back, a bookmark) in the instant between the
    // console sending them on from it and showing where: right after the redirect is written
    // into the history, before the next task.
    await page.addInitScript(() => {
      const replace = history.replaceState.bind(history);
      let done = false;
      history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
        replace(data, unused, url);
        if (!done && String(url).endsWith('#/home')) {
          done = true;
          setTimeout(() => {
            location.hash = '#/auth/login';
          }, 0);
        }
      };
    });
    await page.goto('about:blank');
    await page.goto(`${fx.host.url}/#/auth/login`);
    // Never left on an empty sign-in card: a signed-in operator ends on the landing page.
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Big-data back office');
    await page.context().close();
  });

  it('shows the form again after signing out', async () => {
    const page = await signedIn('admin');
    await page.getByTestId('logout').click();
    await waitForPath(page, '/auth/login');
    await goTo(page, '/auth/login?next=%2Fhome');
    await expect.poll(() => page.getByTestId('login-form').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the side menu', () => {
  it('is a drawer below 900 px wide, and the side menu from 900 px on, in the script and the style sheet alike', async () => {
    const page = await signedIn('admin', { width: 1280, height: 800 });
    const looks = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() => page.locator('.main-layout').getAttribute('data-narrow'))
        .toBe(String(width < 900));
      return {
        menuButton: await page.getByTestId('menu-button').count(),
        sideNav: await page.getByTestId('side-nav').count(),
        // Set by the style sheet's narrow-window rule only.
        padding: await page.locator('#main-content').evaluate((el) => getComputedStyle(el).paddingLeft),
      };
    };
    expect(await looks(899)).toEqual({ menuButton: 1, sideNav: 0, padding: '12px' });
    expect(await looks(900)).toEqual({ menuButton: 0, sideNav: 1, padding: '24px' });
    expect(await looks(901)).toEqual({ menuButton: 0, sideNav: 1, padding: '24px' });

    // The drawer holds the same menu and closes when a page is chosen.
    await looks(899);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-group-ymmj').click();
    await page.getByTestId('menu-item-ymmj.players').click();
    await waitForPath(page, '/ymmj/steamplayers');
    await expect.poll(() => page.locator('.side-menu-drawer').count()).toBe(0);
    await page.context().close();
  });

  it('has a screen for every page of the menu: none is marked planned, in either language', async () => {
    const page = await signedIn('super');
    const groups = page.locator('[data-testid^="menu-group-"]');
    await groups.first().waitFor();
    for (const lang of ['en', 'zh-CN'] as const) {
      await page.getByTestId('language-switch').selectOption(lang);
      // Group by group (opening one may close another): each lists its pages, none planned.
      for (const group of await groups.all()) {
        if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
        const list = page.locator(`#${await group.getAttribute('aria-controls')}`);
        await expect.poll(() => list.locator('[data-testid^="menu-item-"]').count()).toBeGreaterThan(0);
        expect(await page.locator('[data-testid^="menu-planned-"]').count()).toBe(0);
        expect(await page.locator('[data-testid^="menu-item-"][data-ready="false"]').count()).toBe(0);
      }
    }
    // The home page is the figures of the day; it lists no planned page either.
    await page.getByTestId('home-game-ymmj').waitFor();
    expect(await page.locator('[data-testid^="home-planned-"]').count()).toBe(0);
    // The last pages built (issue 20) open their screens.
    await page.getByTestId('language-switch').selectOption('en');
    await page.getByTestId('menu-item-ymmj.levelDetail').click();
    await waitForPath(page, '/ymmj/leaderboard/leveldetail');
    expect(await page.getByTestId('planned-page').count()).toBe(0);
    await page.context().close();
  });

  it('closes groups by click and by keyboard, and closes the group left behind', async () => {
    const page = await signedIn('admin');
    const group = page.getByTestId('menu-group-ymmj');
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('menu-item-ymmj.players').count()).toBe(0);
    await group.focus();
    await page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await group.getAttribute('aria-expanded')).toBe('false');

    // The page's group opens by itself and closes again when the operator moves to another group.
    await goTo(page, '/lw/steamplayers');
    await expect.poll(() => page.getByTestId('menu-group-lw').getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('menu-group-home').getAttribute('aria-expanded')).toBe('false');
    await goTo(page, '/party/admin/steamplayers');
    await expect.poll(() => page.getByTestId('menu-group-party').getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('menu-group-lw').getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('scrolls the entry of the page on screen into view', async () => {
    const page = await signedIn('super', { width: 1280, height: 520 });
    const last = ROUTES.filter((r) => r.menu?.group === 'party').at(-1);
    if (!last) throw new Error('no party page in the menu');
    await goTo(page, last.path);
    await waitForPath(page, last.path);
    await expect.poll(() => insideSideNav(page, `menu-item-${last.id}`)).toBe(true);
    await goTo(page, '/home');
    await expect.poll(() => insideSideNav(page, 'menu-item-home')).toBe(true);
    await page.context().close();
  });
});

describe('the top bar', () => {
  it('lays out the features’ widgets in their declared order, around the shell’s own buttons', async () => {
    const page = await signedIn('admin');
    const bar = page.getByRole('banner');
    await bar.getByTestId('todo-popup-button').waitFor();
    // The bell shows once main says server watch is watching, a read of its own after the frame.
    await bar.getByTestId('alerts-button').waitFor();
    const order = await bar.evaluate((el) =>
      [...el.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid')),
    );
    // The title, the shortcuts feature's pinned pages; then server watch's bell and the to-do
    // popup (no update is waiting in the browser host), then the shell's notifications,
    // language, settings, operator and sign-out.
    const expected = [
      'app-title',
      'shortcuts-button',
      'alerts-button',
      'todo-popup-button',
      'notifications-button',
      'language-switch',
      'settings-button',
      'operator-name',
      'logout',
    ];
    expect(order.filter((id) => id !== null && expected.includes(id))).toEqual(expected);
    // The widgets work where they stand: the to-do popup opens from its button.
    await bar.getByTestId('todo-popup-button').click();
    await page.getByTestId('todo-popup').waitFor();
    await page.context().close();
  });
});

describe('a refused page', () => {
  it('keeps the top bar and the menu, names the page and the roles it needs, and leads back', async () => {
    const page = await signedIn('service');
    await goTo(page, '/ymmj/bannedhero');
    await waitForPath(page, '/errors/error-401');
    expect(hashPath(page)).toBe('/errors/error-401?page=/ymmj/bannedhero');
    await expect
      .poll(() => page.getByTestId('error-401-page').textContent())
      .toBe('You cannot open “Banned heroes” of Secret Realm.');
    expect(await page.getByTestId('error-401-needs').textContent()).toBe(
      'Roles it needs: Administrator and Secret Realm.',
    );
    expect(await page.getByTestId('error-401-yours').textContent()).toContain('Customer service');
    expect(await page.getByTestId('operator-name').textContent()).toContain('service');
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);

    await goTo(page, '/admin/users');
    await waitForPath(page, '/errors/error-401');
    await expect
      .poll(() => page.getByTestId('error-401-needs').textContent())
      .toBe('Roles it needs: Super-admin.');
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('error-401-needs').textContent()).toBe('所需角色：超级管理员。');
    await page.getByTestId('language-switch').selectOption('en');

    // The way back: to the page before the refused one.
    await page.getByTestId('error-back').click();
    await waitForPath(page, '/errors/error-401?page=/ymmj/bannedhero');
    await page.getByTestId('error-home').click();
    await waitForPath(page, '/home');
    await page.context().close();
  });

  it('names nothing it does not know, and shows the bare page when signed out', async () => {
    const page = await signedIn('service');
    await goTo(page, '/errors/error-401?page=//evil.example/x');
    await expect.poll(() => page.getByTestId('error-401').isVisible()).toBe(true);
    expect(await page.getByTestId('error-401-details').count()).toBe(0);
    await page.getByTestId('logout').click();
    await waitForPath(page, '/auth/login');
    await goTo(page, '/errors/error-401?page=/ymmj/bannedhero');
    await expect.poll(() => page.getByTestId('error-401').isVisible()).toBe(true);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await page.getByTestId('error-401-details').count()).toBe(0);
    await page.context().close();
  });
});

describe('accessibility', () => {
  it('offers a skip link as the first tab stop, shown on focus, that moves the focus to the page', async () => {
    const page = await signedIn('admin');
    // A fresh page: keyboard navigation starts at the top of the document.
    await page.reload();
    await page.getByTestId('page-title').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-link');
    const box = await page.getByTestId('skip-link').boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    expect(await page.getByTestId('skip-link').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.context().close();
  });

  it('counts only unread notices on the bell, and a notice read once stays read', async () => {
    // The test host keeps tokens in memory: one notice says so, and why.
    const page = await signedIn('admin');
    await expect.poll(() => page.getByTestId('notifications-count').textContent()).toBe('1');
    await page.getByTestId('notifications-button').click();
    await expect.poll(() => page.getByTestId('notice-tokenStorage').textContent()).toMatch(/memory only/i);
    await expect.poll(() => page.getByTestId('notifications-count').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('page-title').waitFor();
    expect(await page.getByTestId('notifications-count').count()).toBe(0);
    // Still listed when opened, no longer new.
    await page.getByTestId('notifications-button').click();
    await expect
      .poll(() => page.getByTestId('notice-tokenStorage').getAttribute('data-unread'))
      .toBe('false');
    await page.context().close();
  });
});

describe('party pages the spec lists twice', () => {
  it('lead both paths to the same page, keeping the query', async () => {
    const page = await signedIn('super');
    for (const [alias, path, id] of [
      ['/party/admin/recharge/retrive', '/party/recharge/retrive', 'party.orderRetrieve'],
      ['/party/admin/recharge/statis', '/party/recharge/statis', 'party.rechargeStats'],
    ] as const) {
      await goTo(page, `${path}?from=2026-01-01&page=2`);
      await waitForPath(page, `${path}?from=2026-01-01&page=2`);
      await expect.poll(() => page.locator('[data-route].page').getAttribute('data-route')).toBe(id);
      const title = await page.getByTestId('page-title').textContent();
      await goTo(page, `${alias}?from=2026-01-01&page=2`);
      await waitForPath(page, `${path}?from=2026-01-01&page=2`);
      expect(hashPath(page)).toBe(`${path}?from=2026-01-01&page=2`);
      await expect.poll(() => page.locator('[data-route].page').getAttribute('data-route')).toBe(id);
      expect(await page.getByTestId('page-title').textContent()).toBe(title);
    }
    await page.context().close();
  });
});

describe('demo data', () => {
  it('is announced by a banner on the sign-in page and in the top bar', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await waitForPath(page, '/auth/login');
    await expect.poll(() => page.getByTestId('demo-banner').textContent()).toMatch(/password is published/);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByTestId('demo-banner').isVisible()).toBe(true);
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('demo-banner').textContent()).toMatch(/演示数据/);
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });
});
