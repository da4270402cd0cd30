import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { DEFAULT_SHORTCUTS } from '../../shared/commands.js';
import { PINNED_MAX, type ShortcutPrefs } from '../../shared/api/shortcuts.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * Shortcut preferences over HTTP on both databases: defaults for a newcomer, every operator's own
 * combos and pinned pages, combos kept in one spelling, and every refusal (unknown command, bad
 * syntax, a combo that would fire while typing, two commands on the same keys, a page that is
 * unknown, cannot be pinned or is closed to the caller) clear in both languages and changing nothing.
 */

type Who = 'super' | 'admin' | 'guest' | 'developer';
const WHO: readonly Who[] = ['super', 'admin', 'guest', 'developer'];

describe.each(backendKinds())('shortcuts on %s', (kind) => {
  let t: TestBackend;
  const tokens = new Map<Who, string>();

  beforeAll(async () => {
    t = await startTestBackend(kind);
    for (const who of WHO) tokens.set(who, (await t.api.login(who)).authToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who) =>
    t.api.call<T>(ENDPOINTS[id], input, tokens.get(who));
  async function ok<T>(id: EndpointId, input: Record<string, unknown>, who: Who): Promise<T> {
    const r = await call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  const read = (who: Who) => ok<ShortcutPrefs>('shortcuts.get', {}, who);
  const save = (who: Who, input: Record<string, unknown>) => ok<ShortcutPrefs>('shortcuts.save', input, who);
  /** A save in a language, for the texts of a refusal. */
  const saveIn = (lang: string, input: Record<string, unknown>, who: Who) =>
    t.api.request('PUT', '/api/v1/sr/admin/shortcut', {
      token: tokens.get(who) ?? '',
      json: input,
      headers: { 'accept-language': lang },
    });

  it('gives a newcomer the default combos and no pinned pages', async () => {
    expect(await read('developer')).toEqual({
      shortcuts: DEFAULT_SHORTCUTS,
      custom: [],
      pinned: [],
      updatedAt: null,
    });
  });

  it("keeps each operator's own combos and pins, in one spelling and in order", async () => {
    const saved = await save('developer', {
      shortcuts: { playerSearch: ' Shift + Cmd + P ', about: 'F2', signOut: null, commandPalette: 'ctrl+k' },
      pinned: ['admin.shortcut', 'todo.list', 'home'],
    });
    expect(saved.shortcuts).toEqual({
      ...DEFAULT_SHORTCUTS,
      playerSearch: 'meta+shift+p',
      about: 'f2',
      signOut: null,
      commandPalette: 'ctrl+k',
    });
    expect(saved.custom).toEqual(['commandPalette', 'playerSearch', 'about', 'signOut']);
    expect(saved.pinned).toEqual(['admin.shortcut', 'todo.list', 'home']);
    expect(saved.updatedAt).toBe(new Date(t.clock.now).toISOString());
    expect(await read('developer')).toEqual(saved);
    // Nobody else's preferences changed.
    expect((await read('guest')).custom).toEqual([]);

    // A combo set back to its default follows the defaults again; a left-out command too.
    const back = await save('developer', { shortcuts: { playerSearch: 'mod+shift+f' }, pinned: ['home'] });
    expect(back.custom).toEqual([]);
    expect(back.shortcuts).toEqual(DEFAULT_SHORTCUTS);
    expect(back.pinned).toEqual(['home']);
  });

  it('refuses an unknown command and a combo that is not valid, in both languages', async () => {
    const unknown = await saveIn('en', { shortcuts: { launchRocket: 'mod+r' }, pinned: [] }, 'guest');
    expect(unknown.body.Status.Code).toBe(Codes.VALIDATION);
    expect(unknown.body.Status.Message).toContain('shortcuts.launchRocket: "launchRocket" is not a command');
    const unknownZh = await saveIn('zh-CN', { shortcuts: { launchRocket: 'mod+r' }, pinned: [] }, 'guest');
    expect(unknownZh.body.Status.Message).toContain('“launchRocket”不是控制台的命令');

    const cases: [string, string, string][] = [
      ['mod++', 'has an empty part', '有空的部分'],
      ['mod+shift', 'has only modifiers', '只有修饰键'],
      ['ctrl+a+b', 'has two keys', '包含两个按键'],
      ['mod+ctrl+ctrl+x', 'names ctrl twice', '重复使用了 ctrl'],
      ['mod+tab', 'is not a key a shortcut can use', '不能用作快捷键'],
      ['shift+k', 'would fire while typing', '会在输入文字时触发'],
      ['g', 'would fire while typing', '会在输入文字时触发'],
    ];
    for (const [combo, en, zh] of cases) {
      const r = await saveIn('en', { shortcuts: { switchGame: combo }, pinned: [] }, 'guest');
      expect(r.body.Status.Code, combo).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toContain('shortcuts.switchGame: check the combo of Switch game');
      expect(r.body.Status.Message).toContain(en);
      const z = await saveIn('zh-CN', { shortcuts: { switchGame: combo }, pinned: [] }, 'guest');
      expect(z.body.Status.Message).toContain('请检查“切换游戏”的组合键');
      expect(z.body.Status.Message).toContain(zh);
    }
    const long = await call('shortcuts.save', { shortcuts: { about: 'x'.repeat(41) }, pinned: [] }, 'guest');
    expect(long.body.Status.Message).toContain('a combo is at most 40 characters');
    expect((await read('guest')).custom).toEqual([]);
  });

  it('refuses two commands on the same keys, also when one is a default or "mod" meets ctrl', async () => {
    const same = await saveIn('en', { shortcuts: { playerSearch: 'mod+k' }, pinned: [] }, 'guest');
    expect(same.body.Status.Code).toBe(Codes.VALIDATION);
    expect(same.body.Status.Message).toBe(
      'shortcuts.playerSearch: Player search and Command palette would share the same keys ' +
        '(mod+k / mod+k); give one of them another combo',
    );
    const zh = await saveIn('zh-CN', { shortcuts: { playerSearch: 'mod+k' }, pinned: [] }, 'guest');
    expect(zh.body.Status.Message).toContain('“玩家搜索”与“命令面板”的快捷键相同');

    // mod is Ctrl on Windows and Linux, Cmd on macOS.
    const ctrl = await saveIn('en', { shortcuts: { about: 'ctrl+shift+g' }, pinned: [] }, 'guest');
    expect(ctrl.body.Status.Message).toContain('About and Switch game would share the same keys');
    const meta = await saveIn('en', { shortcuts: { about: 'cmd+k' }, pinned: [] }, 'guest');
    expect(meta.body.Status.Message).toContain('About and Command palette');
    const both = await saveIn(
      'en',
      { shortcuts: { todoList: 'alt+1', settings: 'Option+1' }, pinned: [] },
      'guest',
    );
    expect(both.body.Status.Message).toContain('To-do list and Settings would share the same keys');

    // Swapping two combos in one save is fine: the check is on the result.
    const swapped = await save('guest', {
      shortcuts: { commandPalette: 'mod+shift+f', playerSearch: 'mod+k' },
      pinned: [],
    });
    expect(swapped.shortcuts).toMatchObject({ commandPalette: 'mod+shift+f', playerSearch: 'mod+k' });
    await save('guest', { shortcuts: {}, pinned: [] });
  });

  it('pins only known pages that open on their own and that the caller may open, each once', async () => {
    const refusals: [unknown[], string, string][] = [
      [['home', 'nowhere'], 'pinned.1: "nowhere" is not a page of the console', '“nowhere”不是控制台的页面'],
      [['ymmj.player'], 'pinned.0: "ymmj.player" cannot be pinned', '“ymmj.player”不能固定'],
      [['auth.login'], 'pinned.0: "auth.login" cannot be pinned', '“auth.login”不能固定'],
      [['admin.users'], 'pinned.0: your roles do not open "admin.users"', '你的角色无法打开“admin.users”'],
      [['home', 'todo.list', 'home'], 'pinned.2: "home" is pinned twice', '“home”被重复固定'],
    ];
    for (const [pinned, en, zh] of refusals) {
      const r = await saveIn('en', { shortcuts: {}, pinned }, 'guest');
      expect(r.body.Status.Code, JSON.stringify(pinned)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toContain(en);
      const z = await saveIn('zh-CN', { shortcuts: {}, pinned }, 'guest');
      expect(z.body.Status.Message).toContain(zh);
    }
    const many = await call(
      'shortcuts.save',
      { shortcuts: {}, pinned: Array.from({ length: PINNED_MAX + 1 }, () => 'home') },
      'super',
    );
    expect(many.body.Status.Code).toBe(Codes.VALIDATION);
    expect(many.body.Status.Message).toContain(`pin at most ${PINNED_MAX} pages`);

    // What the admin's roles open, a game page included.
    const admin = await save('admin', {
      shortcuts: {},
      pinned: ['ymmj.players', 'admin.shortcut', 'atomicwar.blacklist'],
    });
    expect(admin.pinned).toEqual(['ymmj.players', 'admin.shortcut', 'atomicwar.blacklist']);
  });

  it('hides a pinned page once the operator may no longer open it', async () => {
    await save('admin', { shortcuts: {}, pinned: ['ymmj.players', 'lw.players', 'home'] });
    // Through the users page, as a super-admin would: the change applies to the admin at once.
    const setRoles = async (roles: string[]) => {
      await ok('users.update', { phone: '13800000002', roles, reason: 'shortcut pins test' }, 'super');
      tokens.set('admin', (await t.api.login('admin')).authToken);
    };
    await setRoles(['ADMIN', 'YMMJ']);
    try {
      expect((await read('admin')).pinned).toEqual(['ymmj.players', 'home']);
    } finally {
      await setRoles(['ADMIN', 'AtomicWAR', 'YMMJ', 'LORDWAR', 'PARTYGAME']);
    }
    expect((await read('admin')).pinned).toEqual(['ymmj.players', 'lw.players', 'home']);
  });

  it('records a save in the audit log under the operator, and answers only a signed-in operator', async () => {
    await save('developer', { shortcuts: { about: 'f4' }, pinned: [] });
    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .select(['operator', 'action', 'target', 'outcome'])
      .where('action', '=', 'shortcuts.save')
      .where('operator', '=', 'developer')
      .execute();
    expect(rows.at(-1)).toEqual({
      operator: 'developer',
      action: 'shortcuts.save',
      target: '13800000009',
      outcome: 'ok',
    });
    expect((await t.api.call(ENDPOINTS['shortcuts.get'], {})).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
  });
});
