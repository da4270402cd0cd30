import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forwardableEnvelope, markForwardable, sameJson } from './forward.js';

describe('sameJson', () => {
  it('holds for JSON values and their checked copies', () => {
    const value = JSON.parse(
      '{"items":[{"id":"a","n":1,"tags":["x"],"none":null},{"id":"b","n":-0.5,"tags":[],"none":null}],"total":2}',
    ) as unknown;
    const schema = z.object({
      items: z.array(z.object({ id: z.string(), n: z.number(), tags: z.array(z.string()), none: z.null() })),
      total: z.number(),
    });
    expect(sameJson(schema.parse(value), value)).toBe(true);
    for (const v of [null, 0, '', [], {}, [[1], { a: [null] }], 'text']) expect(sameJson(v, v)).toBe(true);
  });

  it('fails when a check dropped a key, filled one in or converted a value', () => {
    const value = JSON.parse('{"id":"a","extra":1,"at":"2026-01-01T00:00:00Z"}') as unknown;
    expect(sameJson(z.object({ id: z.string(), at: z.string() }).parse(value), value)).toBe(false);
    const short = JSON.parse('{"id":"a"}') as unknown;
    expect(sameJson(z.object({ id: z.string(), n: z.number().default(0) }).parse(short), short)).toBe(false);
    const at = JSON.parse('{"at":"2026-01-01T00:00:00Z"}') as unknown;
    expect(sameJson(z.object({ at: z.coerce.date() }).parse(at), at)).toBe(false);
    const padded = JSON.parse('{"name":" a "}') as unknown;
    expect(sameJson(z.object({ name: z.string().trim() }).parse(padded), padded)).toBe(false);
  });

  it('tells apart what JSON tells apart', () => {
    const pairs: [unknown, unknown][] = [
      [
        [1, 2],
        [2, 1],
      ],
      [[1], [1, 1]],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: 1 }, { b: 1 }],
      [[], {}],
      [{}, []],
      [null, {}],
      [1, '1'],
      [{ a: [1] }, { a: [1, 2] }],
    ];
    for (const [a, b] of pairs) {
      expect(sameJson(a, b), JSON.stringify([a, b])).toBe(false);
      expect(sameJson(b, a), JSON.stringify([b, a])).toBe(false);
    }
    // A "__proto__" key from JSON is an own key like any other; a copy without it differs.
    const withProto = JSON.parse('{"a":1,"__proto__":{"admin":true}}') as unknown;
    expect(sameJson(withProto, { a: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, withProto)).toBe(false);
  });
});

describe('forwardable results', () => {
  it('are only those marked, with the bytes they were marked with', () => {
    const result = { ok: true, data: 1 };
    const bytes = new TextEncoder().encode('{"Status":{"Code":1},"Data":1}');
    expect(forwardableEnvelope(result)).toBeUndefined();
    markForwardable(result, bytes);
    expect(forwardableEnvelope(result)).toBe(bytes);
    expect(forwardableEnvelope({ ...result })).toBeUndefined();
    expect(forwardableEnvelope(null)).toBeUndefined();
    expect(forwardableEnvelope('text')).toBeUndefined();
  });
});
