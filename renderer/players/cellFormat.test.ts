import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../shared/player-tabs.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { cellText, cellView, cellViews, isIdentifierKey, type CellTexts } from './cellFormat.js';

const texts: CellTexts = { yes: 'Yes', no: 'No', none: '—', status: (v) => `[${v}]` };
const col = (key: string, type: ColumnDef['type']): ColumnDef => ({ key, type });

describe('cellView by column type', () => {
  it('shows money as minor units / 100 with 2 decimals and the row currency', () => {
    expect(cellView({ amount: 1999, currency: 'USD' }, col('amount', 'money'), 'en')).toEqual({
      kind: 'text',
      text: '$19.99',
    });
    expect(cellView({ price: 5, currency: 'CNY' }, col('price', 'money'), 'en')).toEqual({
      kind: 'text',
      text: 'CN¥0.05',
    });
    expect(cellView({ amount: 123456789 }, col('amount', 'money'), 'en')).toEqual({
      kind: 'text',
      text: '1,234,567.89',
    });
  });

  it('groups counts but not identifiers', () => {
    expect(cellView({ gold: 1234567 }, col('gold', 'int'), 'en')).toEqual({
      kind: 'text',
      text: '1,234,567',
    });
    expect(cellView({ itemId: 10234 }, col('itemId', 'int'), 'en')).toEqual({ kind: 'text', text: '10234' });
    expect(cellView({ eqID: 50001 }, col('eqID', 'int'), 'en')).toEqual({ kind: 'text', text: '50001' });
    expect(isIdentifierKey('num')).toBe(true);
    expect(isIdentifierKey('count')).toBe(false);
  });

  it('keeps bool and status as codes for the screen to translate', () => {
    const bool = cellView({ bound: true }, col('bound', 'bool'), 'en');
    expect(bool).toEqual({ kind: 'bool', value: true });
    expect(cellText(bool, texts)).toBe('Yes');
    expect(cellText(cellView({ bound: false }, col('bound', 'bool'), 'en'), texts)).toBe('No');
    const status = cellView({ status: 'paid' }, col('status', 'status'), 'en');
    expect(status).toEqual({ kind: 'status', value: 'paid' });
    expect(cellText(status, texts)).toBe('[paid]');
  });

  it('formats datetimes in the language and lists comma-separated', () => {
    const view = cellView({ at: '2024-03-05T10:20:00Z' }, col('at', 'datetime'), 'en');
    expect(view.kind).toBe('text');
    expect(view.kind === 'text' && view.text).toMatch(/2024/);
    const list = cellView({ skins: ['Frost', 'Ember'] }, col('skins', 'list'), 'en');
    expect(list).toEqual({ kind: 'list', items: ['Frost', 'Ember'] });
    expect(cellText(list, texts)).toBe('Frost, Ember');
    expect(cellView({ skins: [] }, col('skins', 'list'), 'en')).toEqual({ kind: 'empty' });
  });

  it('shows missing values as empty and unexpected types as text, never dropping them', () => {
    expect(cellView({}, col('name', 'text'), 'en')).toEqual({ kind: 'empty' });
    expect(cellView({ name: null }, col('name', 'text'), 'en')).toEqual({ kind: 'empty' });
    expect(cellText({ kind: 'empty' }, texts)).toBe('—');
    expect(cellView({ gold: 'lots' }, col('gold', 'int'), 'en')).toEqual({ kind: 'text', text: 'lots' });
    expect(cellView({ bound: 'Y' }, col('bound', 'bool'), 'en')).toEqual({ kind: 'text', text: 'Y' });
    expect(cellView({ amount: '12.00' }, col('amount', 'money'), 'en')).toEqual({
      kind: 'text',
      text: '12.00',
    });
  });

  it('computes every cell of a tab once, in column order', () => {
    const def = TAB_DEFS.orders;
    const views = cellViews(
      [
        {
          orderId: 'A1',
          product: 'Gems',
          amount: 600,
          currency: 'USD',
          channel: 'steam',
          status: 'paid',
          at: null,
        },
      ],
      def.columns,
      'en',
    );
    expect(views).toHaveLength(1);
    expect(views[0]?.map((v) => cellText(v, texts))).toEqual([
      'A1',
      'Gems',
      '$6.00',
      'USD',
      'steam',
      '[paid]',
      '—',
    ]);
  });
});
