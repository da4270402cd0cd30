import { describe, expect, it } from 'vitest';
import { followPage, initialOpenGroups, toggleGroup, type OpenGroups } from './openGroups.js';

const open = (s: OpenGroups) => [...s.open].sort();

describe('open menu groups', () => {
  it('start with the group of the page on screen', () => {
    expect(open(initialOpenGroups('ymmj'))).toEqual(['ymmj']);
    expect(open(initialOpenGroups(undefined))).toEqual([]);
  });

  it('close when clicked, and open again when clicked again', () => {
    const closed = toggleGroup(initialOpenGroups('ymmj'), 'ymmj');
    expect(open(closed)).toEqual([]);
    expect(open(toggleGroup(closed, 'ymmj'))).toEqual(['ymmj']);
  });

  it('follow the page: the group left behind closes unless it was opened by hand', () => {
    let s = initialOpenGroups('home');
    s = followPage(s, 'home', 'ymmj');
    expect(open(s)).toEqual(['ymmj']);
    s = toggleGroup(s, 'lw');
    s = followPage(s, 'ymmj', 'lw');
    expect(open(s)).toEqual(['lw']);
    // lw was opened by hand: leaving it keeps it open.
    s = followPage(s, 'lw', 'party');
    expect(open(s)).toEqual(['lw', 'party']);
  });

  it('show the entry of a new page even in a group closed by hand', () => {
    let s = toggleGroup(initialOpenGroups('ymmj'), 'ymmj');
    s = followPage(s, 'ymmj', 'ymmj');
    expect(open(s)).toEqual(['ymmj']);
  });

  it('keep the groups as they are on a page outside the menu, and close the auto-opened one after', () => {
    let s = followPage(initialOpenGroups('home'), 'home', undefined);
    expect(open(s)).toEqual([]);
    s = followPage(toggleGroup(s, 'admin'), undefined, 'admin');
    expect(open(s)).toEqual(['admin']);
  });
});
