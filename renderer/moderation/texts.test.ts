import { describe, expect, it } from 'vitest';
import {
  BAN_STATUSES,
  BLACKLIST_KINDS,
  RECHARGE_STATUSES,
  SPECIAL_CATEGORIES,
} from '../../shared/api/moderation.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { CONFIRMED_FORM_TEXTS } from '../kit/ConfirmedForm.js';
import { ROW_ACTION_TEXTS, rowActionTextKey } from '../kit/rowActions.js';
import { EXPIRY_CHOICES } from './expiry.js';
import { fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import { banForm } from './BanHeroDialog.js';
import { blacklistForm } from './BlacklistCreatePage.js';
import { specialUserForm } from './SpecialUserCreatePage.js';
import { bannedHeroActions } from './BannedHeroesPage.js';
import { blacklistActions } from './BlacklistPage.js';
import { specialUserActions } from './SpecialUsersPage.js';
import { rechargeActions } from './TestingPlayersPage.js';

/** Keys the screens build from data (statuses, kinds, categories), which the app-wide test cannot see. */
const zh = flattenKeys(await loadCatalogue('zh-CN'));
const en = flattenKeys(await loadCatalogue('en'));
const both = (key: string) => {
  expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
  expect(en.has(key), `en lacks ${key}`).toBe(true);
};

describe('moderation texts', () => {
  it('name every status, kind, category and expiry choice in both languages', () => {
    for (const s of [...BAN_STATUSES, ...RECHARGE_STATUSES, 'expired']) both(`moderation.status.${s}`);
    for (const s of [...BAN_STATUSES, 'all']) both(`moderation.statusFilter.${s}`);
    for (const k of BLACKLIST_KINDS) {
      both(`moderation.kind.${k}`);
      both(`moderation.blacklist.create.valueHelp.${k}`);
    }
    for (const c of SPECIAL_CATEGORIES) both(`moderation.category.${c}`);
    for (const c of EXPIRY_CHOICES) both(`moderation.expiry.choice.${c}`);
    for (const p of ['invalid', 'past']) both(`moderation.expiry.${p}`);
  });

  it('explain every field error the forms can report', () => {
    const ban = banForm('lw');
    for (const f of fieldsOf(ban)) both(invalidKeyOf(ban, f, ban.initial));
    const blacklist = blacklistForm('lw');
    for (const f of fieldsOf(blacklist))
      for (const kind of BLACKLIST_KINDS) both(invalidKeyOf(blacklist, f, { ...blacklist.initial, kind }));
    const special = specialUserForm('lw');
    for (const f of fieldsOf(special)) both(invalidKeyOf(special, f, special.initial));
  });

  it('say every row action by its endpoint id, from the button to the outcome', () => {
    const actions = [
      ...bannedHeroActions('lw'),
      ...blacklistActions('lw'),
      ...specialUserActions('lw'),
      ...rechargeActions('lw'),
    ];
    expect(actions.map((a) => a.endpoint).sort()).toEqual([
      'bannedHeroes.deleteItem',
      'bannedHeroes.unban',
      'blacklist.delete',
      'specialUsers.delete',
      'testingPlayers.refund',
    ]);
    for (const a of actions) for (const part of ROW_ACTION_TEXTS) both(rowActionTextKey(a, part));
  });

  it('say every create form and the ban dialog by its endpoint id', () => {
    for (const id of ['blacklist.create', 'specialUsers.create'])
      for (const part of CONFIRMED_FORM_TEXTS) both(`moderation.${id}.${part}`);
    for (const part of ['open', 'title', 'warning', 'confirm', 'failed', 'done'])
      both(`moderation.bannedHeroes.ban.${part}`);
  });

  it('title the pages a game may lack and the create pages the lists link to', () => {
    for (const p of ['specialUsers', 'specialUserCreate', 'testingPlayers', 'blacklistCreate'])
      both(`page.${p}`);
  });
});
