import { describe, expect, it } from 'vitest';
import { sortColumnsOf, sortInput } from '../../shared/api/sorting.js';
import { z } from 'zod';
import {
  canClear,
  clearPatch,
  filterInput,
  isFiltered,
  isReversed,
  readFilters,
  type ListFilter,
} from './filters.js';
import { nextSort, readSort } from './useListController.js';

const range: ListFilter = {
  kind: 'dateRange',
  input: 'from',
  toInput: 'to',
  param: 'created',
  toParam: 'createdTo',
  fromLabel: 'Created from',
  toLabel: 'Created until',
};

describe('a list date range', () => {
  it('reads real days from the URL and drops made-up ones', () => {
    const v = readFilters(new URLSearchParams('created=2026-02-01&createdTo=2026-02-30'), [range]);
    expect(v).toEqual({ from: '2026-02-01', to: '' });
    expect(isFiltered(v, [range])).toBe(true);
    expect(canClear(v, [range])).toBe(true);
    expect(clearPatch([range])).toEqual({ created: '', createdTo: '' });
  });

  it('sends local days as instants with an exclusive end', () => {
    const sent = filterInput({ from: '2026-03-01', to: '2026-03-01' }, [range]);
    expect(isReversed(sent)).toBe(false);
    expect(sent).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2).toISOString(),
    });
  });

  it('refuses a range whose last day is before its first instead of sending it', () => {
    const sent = filterInput({ from: '2026-03-02', to: '2026-03-01' }, [range]);
    expect(isReversed(sent)).toBe(true);
  });
});

describe('a list sort', () => {
  const input = z.object(sortInput(['createdAt', 'amount']));

  it('is read from the endpoint schema and refuses other columns', () => {
    expect(sortColumnsOf(input)).toEqual(['createdAt', 'amount']);
    expect(sortColumnsOf(z.object({}))).toEqual([]);
    const bad = input.safeParse({ sort: 'password_hash' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('sort by one of: createdAt, amount');
    expect(input.safeParse({ sort: 'amount', order: 'sideways' }).success).toBe(false);
  });

  it('keeps only a sortable column from the URL, ascending unless it says descending', () => {
    const cols = ['createdAt', 'amount'];
    expect(readSort(new URLSearchParams('sort=amount&order=desc'), cols)).toEqual({
      column: 'amount',
      order: 'desc',
    });
    expect(readSort(new URLSearchParams('sort=amount&order=up'), cols)).toEqual({
      column: 'amount',
      order: 'asc',
    });
    expect(readSort(new URLSearchParams('sort=1;drop'), cols)).toBeNull();
  });

  it('goes ascending, descending, then back to the list order on repeated clicks', () => {
    const first = nextSort(null, 'amount');
    expect(first).toEqual({ column: 'amount', order: 'asc' });
    const second = nextSort(first, 'amount');
    expect(second).toEqual({ column: 'amount', order: 'desc' });
    expect(nextSort(second, 'amount')).toBeNull();
    expect(nextSort(second, 'createdAt')).toEqual({ column: 'createdAt', order: 'asc' });
  });
});
