/**
 * The query string, read strictly. Fastify's default parser keeps a malformed %-escape as the
 * literal text (`q=%E0%A4%A` searches for "%E0%A4%A"), so a client's encoding bug would pass
 * for a real value. Here every escape must decode to well-formed UTF-8, else the whole query is
 * refused with a clear message (the router calls this parser and cannot take an exception, so
 * the refusal is carried as a value that the endpoint layer turns into the answer).
 *
 * Otherwise it reads what a browser's form or URLSearchParams writes: `+` is a space, and a
 * name given twice gives an array (which the endpoint's schema then refuses).
 */

/** Marks a query that could not be read: its value is the name (or raw text) at fault. */
const MALFORMED = Symbol('malformed query');

export type ParsedQuery = Record<string, string | string[]> & { [MALFORMED]?: string };

/** The name (or raw text) of the first malformed part of a parsed query; undefined when well-formed. */
export function malformedPart(query: unknown): string | undefined {
  return typeof query === 'object' && query !== null ? (query as ParsedQuery)[MALFORMED] : undefined;
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

export function parseQuery(query: string): ParsedQuery {
  // No prototype: a key named __proto__ is a key like any other (and the schema refuses it).
  const out = Object.create(null) as ParsedQuery;
  if (query === '') return out;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decode(rawKey);
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) {
      const bad = Object.create(null) as ParsedQuery;
      bad[MALFORMED] = (key ?? rawKey).slice(0, 64);
      return bad;
    }
    const had = out[key];
    if (had === undefined) out[key] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[key] = [had, value];
  }
  return out;
}
