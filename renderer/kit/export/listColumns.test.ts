import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../table.js';
import type { ListFilter } from '../filters.js';
import { listExportColumns, listExportFilters } from './listColumns.js';

/**
 * A list's export is made from what the list already declares: its table's columns (those that
 * are fields of the endpoint's rows, of the kind the schema says unless the column says) and its
 * filters (named as the page names them).
 */

type Operator = { id: number; name: string; createdAt: string };
const column = (key: string, extra: Partial<TableColumn<Operator>> = {}): TableColumn<Operator> => ({
  key,
  name: `Heading ${key}`,
  width: 100,
  render: () => null,
  ...extra,
});

describe("a list's export", () => {
  it('takes the columns that are fields of the rows, with their kinds', () => {
    expect(
      listExportColumns('users.list', [
        column('actions'),
        column('id'),
        column('name'),
        column('created', { export: { key: 'createdAt', kind: 'datetime' } }),
        column('roles', { export: false }),
      ]),
    ).toEqual([
      { key: 'id', label: 'Heading id', kind: 'number' },
      { key: 'name', label: 'Heading name', kind: 'text' },
      { key: 'createdAt', label: 'Heading created', kind: 'datetime' },
    ]);
  });

  it('writes the filters set, named as the page names them', () => {
    const filters: ListFilter[] = [
      { kind: 'search', input: 'q', placeholder: 'Search operators' },
      {
        kind: 'select',
        input: 'role',
        options: ['ADMIN', 'Service'],
        label: (v) => `role ${v}`,
        ariaLabel: 'Role',
        none: 'Any role',
      },
      {
        kind: 'dateRange',
        input: 'from',
        toInput: 'to',
        fromLabel: 'Created from',
        toLabel: 'Created until',
      },
      { kind: 'hidden', input: 'team' },
    ];
    expect(
      listExportFilters(filters, { q: 'ali', role: 'ADMIN', from: '2026-01-01', to: '', team: '' }),
    ).toEqual([
      { label: 'Search operators', value: 'ali' },
      { label: 'Role', value: 'role ADMIN' },
      { label: 'Created from', value: '2026-01-01' },
    ]);
  });
});
