import type { z } from 'zod';
import { parseEndpointInput } from '../../../shared/api/endpoint.js';
import { ENDPOINTS, type EndpointId, type InputOf } from '../../../shared/api/table.js';
import { errorsFromIssues, type Checked, type FieldErrors } from '../form.js';
import { fieldsOf, invalidKeyOf, type BoundSpec, type FieldOf } from './boundSpec.js';

export { fieldsOf, invalidKeyOf } from './boundSpec.js';
export type { BoundSpec, DraftOf, FieldOf, Parsers } from './boundSpec.js';

/**
 * A bound form's checks by the endpoint's own input schema (what a bound form is: boundSpec.ts),
 * through the same parse the server and main use (the text rule first, then the schema), so the
 * form accepts exactly what the server will. Only the messages are the console's.
 */

/**
 * Satisfies the reason rule while the reason is asked later, in the confirmation; never sent.
 * The reason's own rule is the confirmation's to check.
 */
const STAND_IN_REASON = 'reason asked in the confirmation';

/**
 * The endpoint's verdict on `candidate`, as the form's field errors. With `reasonLater` the reason
 * is taken in the confirmation afterwards, so it is left out of the check.
 */
export function schemaErrors<F extends string>(
  endpoint: EndpointId,
  candidate: Record<string, unknown>,
  fields: readonly F[],
  keyOf: (field: F) => string,
  options: { reasonLater?: boolean } = {},
): FieldErrors<F> {
  const input = options.reasonLater ? { ...candidate, reason: STAND_IN_REASON } : candidate;
  const parsed = parseEndpointInput(ENDPOINTS[endpoint], input);
  return parsed.success ? {} : errorsFromIssues(parsed.issues, fields, keyOf);
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
