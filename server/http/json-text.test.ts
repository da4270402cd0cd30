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
    expect(typeof text).toBe('string');
    expect(JSON.parse(String(text))).toEqual(ok({ items: rows, total: 1, label: '$&' }));
  });

  it('answers bytes as bytes: the same JSON, with every field spliced where it belongs', () => {
    const rows = [{ id: 'x', name: 'édition 中文 🎮', note: '$& ]}' }];
    const more = [[1, 2], { a: '"' }];
    const envelope = ok({
      first: new JsonArrayText<unknown>(Buffer.from(JSON.stringify(rows), 'utf8')),
      label: 'between',
      second: new JsonArrayText<unknown>(JSON.stringify(more)),
      total: 1,
    });
    const out = answerText(envelope);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(JSON.parse(Buffer.from(out as Buffer).toString('utf8'))).toEqual(
      ok({ first: rows, label: 'between', second: more, total: 1 }),
    );
  });

  it('reads text held as bytes like text: count, first element, values', () => {
    const rows = [{ power: 9, name: '中文' }, { power: 3 }];
    const t = new JsonArrayText<{ power: number }>(Buffer.from(JSON.stringify(rows), 'utf8'));
    expect(t.heldAsBytes).toBe(true);
    expect(t.length).toBe(2);
    expect(t.first()).toEqual(rows[0]);
    expect(t.parse()).toEqual(rows);
    expect(new JsonArrayText<unknown>(new Uint8Array(0)).parse()).toEqual([]);
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
