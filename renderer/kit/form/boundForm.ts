import type { EndpointId, InputOf } from '../../../shared/api/table.js';
import type { Checked, FieldErrors } from '../form.js';
import type { FormSpec } from '../useForm.js';
import { fieldsOf, invalidKeyOf, type BoundSpec, type FieldOf } from './boundSpec.js';

/**
 * A bound form's state, built on useForm, whichever way its schema comes: with the screen's code
 * (useBoundForm.ts) or after the first paint (useDeferredBoundForm.ts). Free of the endpoints'
 * table itself: the schema's rules are handed in.
 */

/** What a bound field reads from its form: names, texts and marks, beside the form's state. */
export interface Binding<F extends string> {
  name: string;
  texts: string;
  /** Whether the input schema needs the field. */
  required: (field: F) => boolean;
  /** The id of a field's input, which its label points at and its test id repeats. */
  idOf: (field: F) => string;
}

/** The state a bound field needs; every bound form's state has it. */
export interface BoundState<D extends object, F extends string> {
  draft: D;
  change: (patch: Partial<D>) => void;
  errors: FieldErrors<F>;
  bound: Binding<F>;
}

/** The schema's part of a bound form (bound.ts), handed in by the hook that has it. */
export interface SchemaRules {
  checkBound<E extends EndpointId, D extends object>(
    spec: BoundSpec<E, D>,
    draft: D,
  ): Checked<InputOf<E>, FieldOf<E, D>>;
  isRequired(endpoint: EndpointId, field: string): boolean;
}

/** Moves the focus to the first wrong field on the screen, so the operator starts there. */
function focusFirst<F extends string>(fields: readonly F[], idOf: (f: F) => string) {
  return (errors: FieldErrors<F>) => {
    for (const f of fields) {
      if (!errors[f]) continue;
      const el = document.getElementById(idOf(f));
      if (el) {
        el.focus();
        return;
      }
    }
  };
}

/**
 * useForm's spec and the fields' binding for a bound spec. `rules` is read when the form checks or
 * marks a field: null until the schema is there (no required mark yet; a deferred form waits for
 * it before it checks).
 */
export function formSpecOf<E extends EndpointId, D extends object>(
  spec: BoundSpec<E, D>,
  rules: () => SchemaRules | null,
): { form: FormSpec<D, InputOf<E>, FieldOf<E, D>>; bound: Binding<FieldOf<E, D>> } {
  const fields = fieldsOf(spec);
  const idOf = (f: string) => `${spec.name}-${f}`;
  const form: FormSpec<D, InputOf<E>, FieldOf<E, D>> = {
    initial: spec.initial,
    fields,
    check: (draft) => {
      const have = rules();
      if (!have) throw new Error(`the schema of ${spec.endpoint} is not loaded yet`);
      return have.checkBound(spec, draft);
    },
    invalidKey: (f, draft) => invalidKeyOf(spec, f, draft),
    onInvalid: focusFirst(fields, idOf),
    ...(spec.clears ? { clears: spec.clears } : {}),
  };
  const bound = {
    name: spec.name,
    texts: spec.texts,
    required: (f: string) => rules()?.isRequired(spec.endpoint, f) ?? false,
    idOf,
  };
  return { form, bound };
}
