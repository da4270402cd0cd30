import type { EndpointId, InputOf } from '../../../shared/api/table.js';
import type { FieldErrors } from '../form.js';

/**
 * Forms bound to an endpoint. A form names its fields by the endpoint's input names (plus, where
 * the operator types one input in parts, the parts' own names: a price inside a grant); each
 * field's label, help and error text come from one place in the feature's texts, its required
 * mark from the input schema, and the draft is checked by that schema (bound.ts), so a field is
 * declared once and the form accepts exactly what the server does.
 *
 * This module is what a bound form is, without its schema: it takes the endpoints' table for its
 * types only, so a form on the first paint is declared without zod (useDeferredBoundForm.ts).
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
