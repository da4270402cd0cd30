import type { EndpointId, InputOf } from '../../../shared/api/table.js';
import type { FieldErrors } from '../form.js';
import { useConfirmedForm, useForm, type FormSpec } from '../useForm.js';
import { checkBound, fieldsOf, invalidKeyOf, isRequired, type BoundSpec, type FieldOf } from './bound.js';

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

function formSpecOf<E extends EndpointId, D extends object>(
  spec: BoundSpec<E, D>,
): { form: FormSpec<D, InputOf<E>, FieldOf<E, D>>; bound: Binding<FieldOf<E, D>> } {
  const fields = fieldsOf(spec);
  const idOf = (f: string) => `${spec.name}-${f}`;
  const form: FormSpec<D, InputOf<E>, FieldOf<E, D>> = {
    initial: spec.initial,
    fields,
    check: (draft) => checkBound(spec, draft),
    invalidKey: (f, draft) => invalidKeyOf(spec, f, draft),
    onInvalid: focusFirst(fields, idOf),
    ...(spec.clears ? { clears: spec.clears } : {}),
  };
  const bound = {
    name: spec.name,
    texts: spec.texts,
    required: (f: string) => isRequired(spec.endpoint, f),
    idOf,
  };
  return { form, bound };
}

/**
 * A form over one endpoint (see bound.ts): useForm's draft, errors, pending call and failure,
 * checked by the endpoint's schema, with what its fields need to render themselves.
 */
export function useBoundForm<E extends EndpointId, D extends object>(spec: BoundSpec<E, D>) {
  const { form, bound } = formSpecOf(spec);
  return { ...useForm(form), bound };
}

/** The input a confirmed form sends once the confirmation adds the reason. */
export type ReasonLater<E extends EndpointId> = Omit<InputOf<E>, 'reason'>;

/**
 * A bound form whose reason is taken in a confirmation (useConfirmedForm): the draft is checked
 * without it, and `send` gets the checked input with the reason the operator gave.
 */
export function useConfirmedBoundForm<E extends EndpointId, D extends object, R>(
  spec: BoundSpec<E, D> & {
    send: (input: ReasonLater<E> & { reason: string }) => Promise<R>;
  },
) {
  const { form, bound } = formSpecOf({ ...spec, reasonLater: true });
  const state = useConfirmedForm<D, ReasonLater<E>, FieldOf<E, D>, R>({
    ...(form as unknown as FormSpec<D, ReasonLater<E>, FieldOf<E, D>>),
    send: spec.send,
  });
  return { ...state, bound };
}
