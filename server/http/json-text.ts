import { randomBytes } from 'node:crypto';

/**
 * A JSON array the database already holds as text (a player's cached tab or equipment: the
 * stored copy, or the rows joined by one statement), answered as that text.
 *
 * Parsed into objects, checked against the output schema and written out again, a 10,000-piece
 * equipment copy (1.7 MB) cost the backend about 45 ms a read, most of the call (issue 23): three
 * passes over rows that were already JSON of the contract's shape. So a handler may answer such
 * an array as a `JsonArrayText` in a top-level field of its answer; the endpoint checks the rest
 * of the answer as usual and splices the text into the envelope (`answerText`).
 *
 * What is not checked per read is checked where the rows are made: the pieces and tab rows are
 * generated as the contract's types (players/generate.ts) and stored as they are; the copy is the
 * database's join of them. The console's main process still checks every answer it gets.
 */
/**
 * What the database can say of an array along with its text: its length and its first element's
 * text (null for an empty array). Given, `length` and `first()` cost nothing; not given, they
 * scan the text, which for a 2 MB copy is 12 ms at best and far more in a process that has not
 * run the scan yet (JIT-cold: the equipment call's slow first open, issue 23).
 */
export interface ArrayShape {
  count: number;
  first: string | null;
}

export class JsonArrayText<T> {
  #text: string | null;
  #bytes: Uint8Array | null;
  readonly #known: ArrayShape | null;
  #shape: { count: number; firstEnd: number } | null = null;

  /**
   * The array as text, or as its UTF-8 bytes (a copy the backend keeps in memory,
   * players/copy-memo.ts): bytes are answered as they are, never decoded and encoded again.
   */
  constructor(text: string | Uint8Array | null | undefined, known?: ArrayShape | null) {
    const empty = text === null || text === undefined || text.length === 0;
    this.#text = empty ? '[]' : typeof text === 'string' ? text : null;
    this.#bytes = !empty && typeof text !== 'string' ? text : null;
    this.#known = known ?? null;
  }

  /** The array's JSON text. */
  get text(): string {
    this.#text ??= Buffer.from(this.bytes).toString('utf8');
    return this.#text;
  }

  /** The array's JSON text as UTF-8. */
  get bytes(): Uint8Array {
    this.#bytes ??= Buffer.from(this.text, 'utf8');
    return this.#bytes;
  }

  /** Whether the array's bytes are at hand (then an answer is best written as bytes too). */
  get heldAsBytes(): boolean {
    return this.#bytes !== null;
  }

  /** The array's elements, parsed (for callers that need the values, not the text). */
  parse(): T[] {
    return JSON.parse(this.text) as T[];
  }

  /** How many elements the array has, without parsing them. */
  get length(): number {
    return this.#known ? this.#known.count : this.#scan().count;
  }

  /** The first element, parsed alone; undefined for an empty array. */
  first(): T | undefined {
    if (this.#known) return this.#known.first === null ? undefined : (JSON.parse(this.#known.first) as T);
    const { count, firstEnd } = this.#scan();
    if (count === 0) return undefined;
    const start = this.text.indexOf('[') + 1;
    return JSON.parse(this.text.slice(start, firstEnd)) as T;
  }

  #scan() {
    this.#shape ??= scanArray(this.text);
    return this.#shape;
  }
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Counts a JSON array's top-level elements and finds where the first ends, in one pass over the
 * text that tracks strings (with escapes) and nesting only. The text must be a JSON array (the
 * database made it); anything else is an error, never a wrong count.
 */
export function scanArray(text: string): { count: number; firstEnd: number } {
  let i = 0;
  const n = text.length;
  const skipSpace = () => {
    while (i < n && /\s/.test(text[i] ?? '')) i++;
  };
  skipSpace();
  if (text.charCodeAt(i) !== OPEN_BRACKET) throw new Error('not a JSON array');
  i++;
  skipSpace();
  if (text.charCodeAt(i) === CLOSE_BRACKET) return { count: 0, firstEnd: i };
  let count = 1;
  let firstEnd = -1;
  let depth = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        if (c !== CLOSE_BRACKET) break;
        if (firstEnd < 0) firstEnd = i;
        return { count, firstEnd };
      }
      depth--;
    } else if (c === COMMA && depth === 0) {
      if (firstEnd < 0) firstEnd = i;
      count++;
    }
  }
  throw new Error('not a JSON array');
}

type Fields = Record<string, unknown>;

const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The answer with each JSON text field as an empty array (what the output schema checks), and the texts apart. */
export function setTextsAside(answer: unknown): {
  rest: unknown;
  texts: Map<string, JsonArrayText<unknown>>;
} {
  const texts = new Map<string, JsonArrayText<unknown>>();
  if (!isFields(answer)) return { rest: answer, texts };
  let rest: Fields | null = null;
  for (const [key, value] of Object.entries(answer)) {
    if (value instanceof JsonArrayText) {
      rest ??= { ...answer };
      rest[key] = [];
      texts.set(key, value);
    }
  }
  return { rest: rest ?? answer, texts };
}

/** The checked answer with its JSON text fields put back. */
export function putTextsBack(checked: unknown, texts: ReadonlyMap<string, JsonArrayText<unknown>>): unknown {
  if (texts.size === 0 || !isFields(checked)) return checked;
  return { ...checked, ...Object.fromEntries(texts) };
}

/** The answer with its JSON text fields parsed: for paths that need the values (exports). */
export function withTextsParsed(answer: unknown): unknown {
  const { rest, texts } = setTextsAside(answer);
  if (texts.size === 0 || !isFields(rest)) return answer;
  return { ...rest, ...Object.fromEntries([...texts].map(([k, t]) => [k, t.parse()])) };
}

/**
 * The envelope as JSON with the answer's JSON text fields spliced in as they are; null when the
 * answer has none (the caller sends the envelope as usual). Each field is written as a marker
 * string that no answer can hold (a random nonce after a NUL), then replaced by its text. When a
 * field is held as bytes the envelope is bytes too: a 2 MB copy is then written out without being
 * decoded and encoded again.
 */
export function answerText(envelope: { Data?: unknown }): string | Buffer | null {
  const { rest, texts } = setTextsAside(envelope.Data);
  if (texts.size === 0) return null;
  const nonce = randomBytes(8).toString('hex');
  const marker = (key: string) => `\u0000${nonce}:${key}`;
  const data = { ...(rest as Fields) };
  for (const key of texts.keys()) data[key] = marker(key);
  const outline = JSON.stringify({ ...envelope, Data: data });
  // Each marker appears once in the outline: cut it there, in the order the markers come.
  const cuts = [...texts]
    .map(([key, text]) => {
      const quoted = JSON.stringify(marker(key));
      const at = outline.indexOf(quoted);
      return { at, end: at + quoted.length, text };
    })
    .sort((a, b) => a.at - b.at);
  const asBytes = cuts.some((c) => c.text.heldAsBytes);
  const parts: (string | Uint8Array)[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(outline.slice(from, cut.at), asBytes ? cut.text.bytes : cut.text.text);
    from = cut.end;
  }
  parts.push(outline.slice(from));
  if (!asBytes) return parts.join('');
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
}
