import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUTS } from '../../shared/commands.js';
import { PINNED_MAX } from '../../shared/api/shortcuts.js';
import { addPinned, draftIssues, draftOf, isCustom, isDirty, movePinned, saveInputOf } from './drafts.js';

describe('the shortcut draft', () => {
  it('starts from what is saved, defaults for the rest', () => {
    expect(draftOf({})).toEqual(DEFAULT_SHORTCUTS);
    expect(draftOf({ about: 'f1', signOut: null, unknown: 'x' })).toEqual({
      ...DEFAULT_SHORTCUTS,
      about: 'f1',
      signOut: null,
    });
  });

  it('marks combos that cannot be used and both commands of a clash', () => {
    expect(draftIssues(DEFAULT_SHORTCUTS)).toEqual([]);
    const issues = draftIssues({ ...DEFAULT_SHORTCUTS, about: 'g', playerSearch: 'ctrl+k' });
    expect(issues.map((i) => [i.command, i.kind])).toEqual([
      ['about', 'invalid'],
      ['commandPalette', 'conflict'],
      ['playerSearch', 'conflict'],
    ]);
    const [invalid] = issues;
    expect(invalid?.kind === 'invalid' && invalid.refusal.en).toContain('would fire while typing');
    expect(issues[1]).toMatchObject({ other: 'playerSearch' });
  });

  it('tells a changed combo from the default, whatever its spelling', () => {
    expect(isCustom('playerSearch', 'Shift+Mod+F')).toBe(false);
    expect(isCustom('playerSearch', 'mod+alt+f')).toBe(true);
    expect(isCustom('about', null)).toBe(false);
    expect(isCustom('signOut', null)).toBe(true);
  });

  it('knows when there is something to save', () => {
    expect(isDirty(DEFAULT_SHORTCUTS, ['home'], DEFAULT_SHORTCUTS, ['home'])).toBe(false);
    expect(isDirty({ ...DEFAULT_SHORTCUTS, about: 'f1' }, [], DEFAULT_SHORTCUTS, [])).toBe(true);
    expect(isDirty(DEFAULT_SHORTCUTS, ['todo.list', 'home'], DEFAULT_SHORTCUTS, ['home', 'todo.list'])).toBe(
      true,
    );
  });

  it('moves, adds and keeps pinned pages within bounds', () => {
    expect(movePinned(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movePinned(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePinned(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(movePinned(['a', 'b'], 5, 1)).toEqual(['a', 'b']);
    expect(addPinned(['a'], 'b')).toEqual(['a', 'b']);
    expect(addPinned(['a'], 'a')).toEqual(['a']);
    const full = Array.from({ length: PINNED_MAX }, (_, i) => `p${i}`);
    expect(addPinned(full, 'more')).toEqual(full);
  });

  it('saves every command, so the server keeps exactly what the page shows', () => {
    const draft = { ...DEFAULT_SHORTCUTS, about: 'f1' };
    expect(saveInputOf(draft, ['home'])).toEqual({ shortcuts: draft, pinned: ['home'] });
  });
});
