import type { z } from 'zod';
import { ENDPOINTS, type EndpointId, type InputOf } from '../../../shared/api/table.js';
import { schemaErrors, type Checked, type FieldErrors } from '../form.js';

/**
 * Forms bound to an endpoint. A form names its fields by the endpoint's input names (plus, where
 * the operator types one input in parts, the parts' own names: a price inside a grant); each
 * field's label, help and error text come from one place in the feature's texts, its required
 * mark from the input schema, and the draft is checked by that schema (kit/form.ts), so a field
 * is declared once and the form accepts exactly what the server does.
 */

/** The draft of a form over endpoint E: values as the operator holds them, mostly texts. */
export type DraftOf<E extends EndpointId> = Partial<Record<keyof InputOf<E> & string, unknown>>;

/** A form's field names: the draft's, and the input fields the form builds from them. */
export type FieldOf<E extends EndpointId, D> = (keyof D & string) | (keyof InputOf<E> & string);

/** How each field's draft becomes the input's value; `undefined` leaves the field out. */
export type Parsers<E extends EndpointId, D> = {
  [K in keyof InputOf<E> & string]?: (draft: D) => unknown;
};

export interface BoundSpec<E extends EndpointId, D extends object> {
  endpoint: E;
  /** Ids and test ids: a field's input is `<name>-<field>`, the form's parts `<name>-…`. */
  name: string;
  /** Where the fields' texts live: `<texts>.<field>.label`, `.help` (if any) and `.invalid`. */
  texts: string;
  initial: D;
  /** Input the operator does not type: the game, the id of what is edited. */
  fixed?: Partial<InputOf<E>>;
  /**
   * What genuinely converts (a text to a number, a comma list to an array, parts to one input
   * field). A draft field without one is sent as it is, a text trimmed.
   */
  parse?: Parsers<E, D>;
  /** What the schema cannot say (two dates in order, one item twice): the final errors. */
  refine?: (
    errors: FieldErrors<FieldOf<E, D>>,
    draft: D,
    candidate: Record<string, unknown>,
  ) => FieldErrors<FieldOf<E, D>>;
  /**
   * Why a draft with no wrong field still sends nothing (a change that changes nothing): the i18n
   * key of a note the form shows instead of calling.
   */
  note?: (candidate: Record<string, unknown>, draft: D) => string | undefined;
  /** A field's error text where it depends on the draft (a value said for its kind). */
  invalid?: (field: FieldOf<E, D>, draft: D) => string | undefined;
  /** The fields whose errors a change makes stale, where more than the changed one. */
  clears?: (changed: keyof D) => readonly FieldOf<E, D>[];
  /** The reason is asked in a confirmation afterwards, so it is not the form's to check. */
  reasonLater?: boolean;
}

/** The input schema's field schemas. */
function shapeOf(endpoint: EndpointId): Record<string, z.ZodType> {
  return (ENDPOINTS[endpoint].input as z.ZodObject).shape as Record<string, z.ZodType>;
}

/**
 * Whether the endpoint's input needs `field`: its schema takes neither nothing nor null (a
 * default, `.optional()` or `.nullable()` make it optional). A part of a field is not the
 * schema's to say (false).
 */
export function isRequired(endpoint: EndpointId, field: string): boolean {
  const schema = shapeOf(endpoint)[field];
  if (!schema) return false;
  return !schema.safeParse(undefined).success && !schema.safeParse(null).success;
}

/** The form's fields: the draft's and the parsed ones, in that order, once each. */
export function fieldsOf<E extends EndpointId, D extends object>(spec: BoundSpec<E, D>): FieldOf<E, D>[] {
  return [...new Set([...Object.keys(spec.initial), ...Object.keys(spec.parse ?? {})])] as FieldOf<E, D>[];
}

/** The i18n key of what is wrong with `field`. */
export function invalidKeyOf<E extends EndpointId, D extends object>(
  spec: BoundSpec<E, D>,
  field: FieldOf<E, D>,
  draft: D,
): string {
  return spec.invalid?.(field, draft) ?? `${spec.texts}.${field}.invalid`;
}

const asSent = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * The call's input a draft stands for, before the schema's verdict: the fixed input, then each
 * input field's value (its parse, or the draft's as typed, trimmed). Parts that are not input
 * fields are not sent.
 */
export function candidateOf<E extends EndpointId, D extends object>(
  spec: BoundSpec<E, D>,
  draft: D,
): Record<string, unknown> {
  const shape = shapeOf(spec.endpoint);
  const out: Record<string, unknown> = { ...spec.fixed };
  const values = draft as Record<string, unknown>;
  const parse = (spec.parse ?? {}) as Record<string, ((d: D) => unknown) | undefined>;
  for (const field of fieldsOf(spec)) {
    if (!(field in shape)) continue;
    const own = parse[field];
    const value = own ? own(draft) : asSent(values[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** The draft checked by the endpoint's schema and the form's own rules. */
export function checkBound<E extends EndpointId, D extends object>(
  spec: BoundSpec<E, D>,
  draft: D,
): Checked<InputOf<E>, FieldOf<E, D>> {
  const candidate = candidateOf(spec, draft);
  const fields = fieldsOf(spec);
  const found = schemaErrors(spec.endpoint, candidate, fields, (f) => invalidKeyOf(spec, f, draft), {
    reasonLater: spec.reasonLater ?? false,
  });
  const errors = spec.refine ? spec.refine(found, draft, candidate) : found;
  const note = spec.note?.(candidate, draft);
  if (Object.keys(errors).length === 0 && note === undefined)
    return { ok: true, input: candidate as InputOf<E> };
  return note === undefined ? { ok: false, errors } : { ok: false, errors, note };
}
