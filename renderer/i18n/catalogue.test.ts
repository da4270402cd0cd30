import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  TITLES,
  flattenKeys,
  gatherAuditActions,
  gatherTitles,
  placeholders,
  type Catalogue,
} from './catalogue.js';
import { loadCatalogue } from './resources.js';
import { MENU_SECTIONS, ROUTES } from '../../shared/routes.js';
import { ROLES } from '../../shared/roles.js';
import { LANGUAGES } from '../../shared/codes.js';
import type { SessionEndReason } from '../../shared/ipc.js';
import { MENU_GROUP_ORDER } from '../menu/buildMenu.js';
import { GAME_IDS, SERVICES } from '../../shared/games.js';
import { emptyForm, invalidKey, type UserField } from '../users/userForm.js';
import { URL_PROBLEMS, urlProblemKey } from '../settings/settingsForm.js';
import { TOKEN_STORAGES } from '../../shared/session.js';
import { ACCESS_SENTENCE_KEYS } from '../errors/accessText.js';
import { FIRST_RUN_FIELDS, firstRunForm, signInForm } from '../auth/authForms.js';
import { invalidKeyOf } from '../kit/form/bound.js';

const zh = flattenKeys(await loadCatalogue('zh-CN'));
const enKeys = flattenKeys(await loadCatalogue('en'));
const both = (key: string) => {
  expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
  expect(enKeys.has(key), `en lacks ${key}`).toBe(true);
};

/** Every renderer source file's text (Vite's glob: the renderer may not import Node's fs). */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation catalogues', () => {
  it('have exactly the same keys', () => {
    expect([...zh.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of zh) {
      expect(text.trim(), `zh-CN ${key} is empty`).not.toBe('');
      expect(placeholders(text), `placeholders of ${key}`).toEqual(placeholders(enKeys.get(key) ?? ''));
    }
  });

  it('title every route of the route table', () => {
    for (const r of ROUTES) both(r.titleKey);
  });

  it('name every menu group, menu section, role, language, session end and service', () => {
    for (const s of MENU_SECTIONS) both(`menu.section.${s}`);
    for (const g of MENU_GROUP_ORDER)
      if (!(GAME_IDS as readonly string[]).includes(g)) both(`menu.group.${g}`);
    for (const r of ROLES) both(`role.${r}`);
    for (const l of LANGUAGES) both(`language.name.${l}`);
    const reasons: SessionEndReason[] = ['expired', 'revoked', 'refresh-failed'];
    for (const r of reasons) both(`notice.sessionEnded.${r}`);
    for (const f of Object.keys(emptyForm()) as UserField[]) both(invalidKey(f));
    for (const s of SERVICES) both(`settings.service.${s}`);
    for (const p of URL_PROBLEMS) both(urlProblemKey(p));
    for (const k of ['401', '404', '500']) {
      both(`errors.${k}.headline`);
      both(`errors.${k}.body`);
    }
  });

  it('name every place tokens are kept, every access sentence, every sign-in and first-run field', () => {
    for (const s of TOKEN_STORAGES) both(`settings.tokens.${s}`);
    for (const s of TOKEN_STORAGES.filter((x) => x !== 'keychain')) both(`notice.tokenStorage.${s}`);
    for (const k of ACCESS_SENTENCE_KEYS) both(k);
    const firstRun = firstRunForm();
    for (const f of FIRST_RUN_FIELDS) {
      both(`${firstRun.texts}.${f}.label`);
      both(`${firstRun.texts}.${f}.help`);
      both(invalidKeyOf(firstRun, f, firstRun.initial));
    }
    const signIn = signInForm();
    for (const f of ['account', 'password'] as const) {
      both(`${signIn.texts}.${f}.label`);
      both(invalidKeyOf(signIn, f, signIn.initial));
    }
    both(`${signIn.texts}.account.help`);
  });

  it('hold every key the screens ask for by name', () => {
    const used = new Set<string>();
    for (const text of Object.values(SOURCES)) {
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    // A count's text may come in plural forms (key_one, key_other), which i18next picks by count.
    for (const key of used) both(enKeys.has(`${key}_other`) ? `${key}_other` : key);
  });
});

describe('audit action names', () => {
  it('are gathered from every feature’s texts into one section, and refused when named twice', () => {
    const into: Catalogue = {};
    gatherAuditActions(into, { todo: { create: 'Added a to-do' } }, 'todo');
    gatherAuditActions(into, { todo: { delete: 'Deleted a to-do' }, notices: { save: 'Saved' } }, 'other');
    expect(into).toEqual({
      todo: { create: 'Added a to-do', delete: 'Deleted a to-do' },
      notices: { save: 'Saved' },
    });
    expect(() => gatherAuditActions(into, { todo: { create: 'Again' } }, 'third')).toThrow(
      /todo\.create.*third/,
    );
    expect(() => gatherAuditActions(into, 'flat text', 'fourth')).toThrow(/fourth/);
  });

  it('stand under their own section, not inside the feature that names them', () => {
    expect(enKeys.get(`${AUDIT_ACTIONS}.todo.create`)).toBe('Added a to-do');
    expect([...enKeys.keys()].filter((k) => k.includes(`.${AUDIT_ACTIONS}.`))).toEqual([]);
    expect([...enKeys.keys()].filter((k) => k.startsWith('kit.audit.action.'))).toEqual([]);
  });
});

describe('page titles', () => {
  it('are gathered from every feature’s texts to the top, and refused when given twice or misplaced', () => {
    const into: Catalogue = {};
    gatherTitles(into, { page: { blacklist: 'Blacklist' } }, 'moderation');
    gatherTitles(into, { page: { players: 'Players' }, route: { admin: { users: 'Users' } } }, 'users');
    expect(into).toEqual({
      page: { blacklist: 'Blacklist', players: 'Players' },
      route: { admin: { users: 'Users' } },
    });
    expect(() => gatherTitles(into, { page: { blacklist: 'Again' } }, 'third')).toThrow(
      /page\.blacklist.*third/,
    );
    expect(() => gatherTitles(into, { route: { admin: 'Admin' } }, 'fourth')).toThrow(/route\.admin.*fourth/);
    expect(() => gatherTitles(into, { intro: { x: 'Hello' } }, 'fifth')).toThrow(/fifth.*intro/);
    expect(() => gatherTitles(into, 'flat text', 'sixth')).toThrow(/sixth/);
  });

  it('stand at the top of the catalogue, not inside the feature that gives them', () => {
    expect(enKeys.get('page.blacklist')).toBe('Blacklist');
    expect(enKeys.get('route.admin.users')).toBe('Users');
    expect(zh.get('route.home')).toBe('首页');
    expect([...enKeys.keys()].filter((k) => k.startsWith(`${TITLES}.`) || k.includes(`.${TITLES}.`))).toEqual(
      [],
    );
    // A feature's own section of the same name is its own: the shortcuts page's texts stay there.
    expect(enKeys.has('shortcuts.page.intro')).toBe(true);
  });
});
