import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, ADMIN_OR_SERVICE, SIGNED_IN, withRequired } from '../../shared/roles.js';
import { gamePageAccess, routeById } from '../../shared/routes.js';
import { loadCatalogue } from '../i18n/resources.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { accessSentence, rolesList } from './accessText.js';

const en = flattenKeys(await loadCatalogue('en'));
const zh = flattenKeys(await loadCatalogue('zh-CN'));
const enRole = (r: string) => en.get(`role.${r}`) ?? r;
const zhRole = (r: string) => zh.get(`role.${r}`) ?? r;

describe('accessSentence', () => {
  it('names every role a game page needs, in the operator’s language', () => {
    const access = gamePageAccess('ymmj', 'bannedHeroes');
    expect(accessSentence(access, enRole, 'en')).toEqual({
      key: 'errors.401.needsAll',
      params: { all: 'Administrator and Secret Realm' },
    });
    expect(accessSentence(access, zhRole, 'zh-CN').params['all']).toBe('管理员和妖魔秘境');
  });

  it('says when one of several roles will do, and what is needed on top', () => {
    expect(accessSentence(ADMIN_OR_SERVICE, enRole, 'en')).toEqual({
      key: 'errors.401.needsAny',
      params: { any: 'Administrator or Customer service' },
    });
    expect(accessSentence(gamePageAccess('lw', 'players'), enRole, 'en')).toEqual({
      key: 'errors.401.needsAnyAndAll',
      params: { any: 'Administrator or Customer service', all: 'Lord War' },
    });
  });

  it('asks only for the game’s role on a page every role may open inside the game', () => {
    expect(accessSentence(withRequired(SIGNED_IN, 'PARTYGAME'), enRole, 'en')).toEqual({
      key: 'errors.401.needsAll',
      params: { all: 'Party Game' },
    });
  });

  it('names the super-admin pages', () => {
    expect(accessSentence(routeById('admin.users').access, enRole, 'en').params).toEqual({
      all: 'Super-admin',
    });
    expect(accessSentence(ADMIN_ONLY, enRole, 'en').key).toBe('errors.401.needsAll');
    expect(accessSentence(SIGNED_IN, enRole, 'en').key).toBe('errors.401.needsSignIn');
  });
});

describe('rolesList', () => {
  it('lists the operator’s roles by name, and unknown ones as they are', () => {
    expect(rolesList(['Service', 'YMMJ'], enRole, 'en')).toBe('Customer service and Secret Realm');
    expect(rolesList(['GUEST', 'Tester'], zhRole, 'zh-CN')).toBe(`${zhRole('GUEST')}和Tester`);
  });
});
