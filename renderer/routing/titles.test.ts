import { describe, expect, it } from 'vitest';
import { documentTitle, headingKeyOf } from './titles.js';
import { ROUTES, routeById, type RouteDef } from '../../shared/routes.js';
import { FEATURE_PAGES } from '../../shared/feature-pages.js';
import { ROLES, canAccess } from '../../shared/roles.js';
import { LANGUAGES, type Language } from '../../shared/codes.js';
import { TITLES, flattenKeys, type Catalogue } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';

describe('titles', () => {
  it('titles the landing page with the product name', () => {
    expect(headingKeyOf(routeById('home'))).toBe('app.title');
    expect(headingKeyOf(routeById('admin.users'))).toBe('route.admin.users');
    expect(headingKeyOf(routeById('lw.players'))).toBe('page.players');
  });

  it('titles the sign-in page after the first-run card while the backend needs its first run', () => {
    expect(headingKeyOf(routeById('auth.login'), true)).toBe('firstRun.title');
    expect(headingKeyOf(routeById('auth.login'), false)).toBe('route.auth.login');
    expect(headingKeyOf(routeById('auth.register'), true)).toBe('route.auth.register');
  });

  it('joins page, game and product', () => {
    expect(documentTitle('用户管理', '大数据后台')).toBe('用户管理 · 大数据后台');
    expect(documentTitle('Players', 'Big-data back office', 'Lord War')).toBe(
      'Players · Lord War · Big-data back office',
    );
    expect(documentTitle('大数据后台', '大数据后台')).toBe('大数据后台');
  });
});

/** Every feature's texts by folder (`i18n` is the shell's), as each feature ships them. */
const TEXTS = import.meta.glob<Catalogue>('../*/{en,zh-CN}.json', { import: 'default', eager: true });

function titlesIn(folder: string, lang: Language): Map<string, string> {
  const texts = TEXTS[`../${folder}/${lang}.json`];
  const titles = texts?.[TITLES];
  return typeof titles === 'object' ? flattenKeys(titles) : new Map();
}

/** The feature whose contract declares a route: the one whose texts title it. */
function ownerOf(route: RouteDef): string {
  const owner = FEATURE_PAGES.find((f) =>
    route.page ? route.page in (f.gamePages ?? {}) : (f.routes ?? []).some((r) => r.id === route.id),
  );
  return owner?.id ?? 'i18n';
}

const catalogues = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (l) => [l, flattenKeys(await loadCatalogue(l))] as const)),
) as Record<Language, Map<string, string>>;

describe('page titles', () => {
  it('title every route every role can open, in both languages', () => {
    for (const role of ROLES) {
      const routes = ROUTES.filter((r) => canAccess([role], r.access));
      expect(routes.length, role).toBeGreaterThan(5);
      for (const r of routes)
        for (const lang of LANGUAGES)
          expect(catalogues[lang].get(r.titleKey)?.trim(), `${lang} ${role} ${r.id}`).toBeTruthy();
    }
  });

  it('come from the texts of the feature that owns the page, and from no other', () => {
    const folders = [...new Set(Object.keys(TEXTS).map((p) => p.split('/')[1] as string))];
    for (const r of ROUTES) {
      const owner = ownerOf(r);
      for (const lang of LANGUAGES) {
        const holders = folders.filter((f) => titlesIn(f, lang).has(r.titleKey));
        expect(holders, `${lang} ${r.titleKey}`).toEqual([owner]);
        expect(catalogues[lang].get(r.titleKey)).toBe(titlesIn(owner, lang).get(r.titleKey));
      }
    }
    // The shell titles only its own pages: sign-in, errors, home.
    const shellKeys = [...titlesIn('i18n', 'en').keys()];
    expect(
      shellKeys.every((k) => /^route\.(auth|errors)\.|^route\.home$/.test(k)),
      shellKeys.join(),
    ).toBe(true);
  });
});
