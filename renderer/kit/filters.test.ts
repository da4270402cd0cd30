import { describe, expect, it } from 'vitest';
import { applyPatch } from './listParams.js';
import {
  canClear,
  clearPatch,
  filterInput,
  isFiltered,
  readFilters,
  setPatch,
  type ListFilter,
} from './filters.js';

const label = (v: string) => v;
const q: ListFilter = { kind: 'search', input: 'q', placeholder: 'Search' };
const kind: ListFilter = {
  kind: 'select',
  input: 'kind',
  options: ['player', 'ip'],
  label,
  ariaLabel: 'Kind',
  none: 'All',
};
/** Hero bans: active by default, "all" filters nothing. */
const status: ListFilter = {
  kind: 'select',
  input: 'status',
  options: ['active', 'expired', 'lifted', 'all'],
  label,
  ariaLabel: 'Status',
  initial: 'active',
  all: 'all',
};
const player: ListFilter = { kind: 'hidden', input: 'playerId', param: 'player' };
const params = (s: string) => new URLSearchParams(s);

describe('list filters', () => {
  it('read the URL defensively: unknown options fall back to the default, text is trimmed', () => {
    expect(readFilters(params('q=%20ab%20&kind=mac&player=7'), [q, kind, status, player])).toEqual({
      q: 'ab',
      kind: '',
      status: 'active',
      playerId: '7',
    });
    expect(readFilters(params('status=lifted'), [status])).toEqual({ status: 'lifted' });
  });

  it('send only the filters that say something', () => {
    expect(filterInput({ q: '', kind: 'ip', status: 'active', playerId: '' })).toEqual({
      kind: 'ip',
      status: 'active',
    });
  });

  it('say the list is narrowed unless every filter is at its "any" value', () => {
    expect(isFiltered({ q: '', kind: '', status: 'all' }, [q, kind, status])).toBe(false);
    // Active bans only is a narrowed list, though it is the default.
    expect(isFiltered({ q: '', kind: '', status: 'active' }, [q, kind, status])).toBe(true);
    expect(isFiltered({ q: 'x', kind: '' }, [q, kind])).toBe(true);
    expect(isFiltered({ playerId: '7' }, [player])).toBe(true);
  });

  it('offer "clear" only when a control is away from its default, and clear to the defaults', () => {
    expect(canClear({ q: '', kind: '', status: 'active', playerId: '7' }, [q, kind, status, player])).toBe(
      false,
    );
    expect(canClear({ q: '', kind: '', status: 'all' }, [q, kind, status])).toBe(true);
    const next = applyPatch(
      params('q=a&kind=ip&status=all&player=7&page=3'),
      clearPatch([q, kind, status, player]),
    );
    expect(next.toString()).toBe('player=7');
  });

  it('leave a default out of the URL', () => {
    expect(setPatch(status, 'active')).toEqual({ status: '' });
    expect(setPatch(status, 'all')).toEqual({ status: 'all' });
    expect(setPatch(player, '42')).toEqual({ player: '42' });
  });
});

describe('a select whose options come and go', () => {
  /** Events by kind: the kinds offered are those the server has recorded, loaded after the URL is read. */
  const event: ListFilter = {
    kind: 'select',
    input: 'kind',
    param: 'ekind',
    options: [],
    label,
    ariaLabel: 'Event',
    none: 'All',
    accept: (k) => /^[a-z]+\.[a-z]+$/i.test(k),
  };
  const area: ListFilter = {
    kind: 'select',
    input: 'area',
    options: ['backend', 'serverWatch'],
    label,
    ariaLabel: 'Area',
    none: 'All',
    resets: ['ekind'],
  };

  it('keeps a value it accepts though no option lists it, and drops one it does not', () => {
    expect(readFilters(params('ekind=backend.started'), [event])).toEqual({ kind: 'backend.started' });
    expect(readFilters(params('ekind=drop;table'), [event])).toEqual({ kind: '' });
  });

  it('empties the filters it governs when it changes, back on the first page', () => {
    const next = applyPatch(
      params('area=backend&ekind=backend.started&epage=3'),
      setPatch(area, 'serverWatch'),
      'epage',
    );
    expect(next.toString()).toBe('area=serverWatch');
  });
});
