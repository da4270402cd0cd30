import { describe, expect, it } from 'vitest';
import { ok } from '../../shared/envelope.js';
import { JsonArrayText, answerText, scanArray, setTextsAside, withTextsParsed } from './json-text.js';

/** Arrays whose strings hold everything that could fool a scan: brackets, braces, commas, quotes, escapes. */
const TRICKY: unknown[][] = [
  [],
  [{}],
  [1, 2, 3],
  [{ a: '[', b: ']' }, { c: '{,}' }],
  [{ s: 'quote " and \\ backslash', t: '\\"' }, ['nested', [1, [2, { x: '],[' }]]], null],
  [{ name: 'édition 中文 🎮', attrs: ['atk+1', 'def, +2'] }],
  ['\\', '\\\\', '"', ''],
  [[], {}, [[]], true, false, -1.5e3],
];

describe('JSON array text', () => {
  it('counts elements and finds the first one as JSON.parse does', () => {
    for (const value of TRICKY) {
      for (const text of [
        JSON.stringify(value),
        JSON.stringify(value, null, 2),
        ` ${JSON.stringify(value)} `,
      ]) {
        const t = new JsonArrayText<unknown>(text);
        expect(t.length).toBe(value.length);
        expect(t.first()).toEqual(value[0]);
        expect(t.parse()).toEqual(value);
      }
    }
  });

  it('answers the count and first element the database gave with the text, as they are', () => {
    const rows = [{ power: 9 }, { power: 3 }];
    const t = new JsonArrayText<{ power: number }>(JSON.stringify(rows), { count: 2, first: '{"power":9}' });
    expect(t.length).toBe(2);
    expect(t.first()).toEqual({ power: 9 });
    const none = new JsonArrayText<unknown>('[]', { count: 0, first: null });
    expect(none.length).toBe(0);
    expect(none.first()).toBeUndefined();
  });

  it('treats a missing or empty text as an empty array (a player with no rows)', () => {
    for (const text of [null, undefined, '']) {
      const t = new JsonArrayText<unknown>(text);
      expect(t.length).toBe(0);
      expect(t.first()).toBeUndefined();
      expect(t.parse()).toEqual([]);
    }
  });

  it('refuses text that is not a JSON array instead of miscounting it', () => {
    for (const text of ['{"a":1}', '"[1,2]"', '[1,2', '[{"a":"]"}', '[{]']) {
      expect(() => scanArray(text), text).toThrow(/not a JSON array/);
    }
  });

  it('splices the text into the envelope so the answer parses to the same value', () => {
    const rows = [{ id: 'x', note: 'has "quotes", $& and $1 patterns, \u0000 and ]' }];
    const envelope = ok({ items: new JsonArrayText<unknown>(JSON.stringify(rows)), total: 1, label: '$&' });
    const text = answerText(envelope);
    expect(text).not.toBeNull();
    expect(JSON.parse(text ?? '')).toEqual(ok({ items: rows, total: 1, label: '$&' }));
  });

  it('leaves answers without text fields to the usual serialiser', () => {
    expect(answerText(ok({ items: [1], total: 1 }))).toBeNull();
    expect(answerText(ok(null))).toBeNull();
  });

  it('sets text fields aside for the schema check and parses them for callers that need values', () => {
    const answer = { items: new JsonArrayText<number>('[1,2]'), total: 2 };
    const { rest, texts } = setTextsAside(answer);
    expect(rest).toEqual({ items: [], total: 2 });
    expect([...texts.keys()]).toEqual(['items']);
    expect(withTextsParsed(answer)).toEqual({ items: [1, 2], total: 2 });
    expect(answer.items).toBeInstanceOf(JsonArrayText);
  });
});
