import type { EndpointId, InputOf } from '../../../shared/api/table.js';
import { useConfirmedForm, useForm, type FormSpec } from '../useForm.js';
import * as schema from './bound.js';
import { formSpecOf } from './boundForm.js';
import type { BoundSpec, FieldOf } from './boundSpec.js';

export type { Binding, BoundState } from './boundForm.js';

const rules = () => schema;

/**
 * A form over one endpoint (see boundSpec.ts): useForm's draft, errors, pending call and failure,
 * checked by the endpoint's schema, with what its fields need to render themselves. The schema
 * comes with the screen's code; a form on the first paint uses useDeferredBoundForm instead.
 */
export function useBoundForm<E extends EndpointId, D extends object>(spec: BoundSpec<E, D>) {
  const { form, bound } = formSpecOf(spec, rules);
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
  const { form, bound } = formSpecOf({ ...spec, reasonLater: true }, rules);
  const state = useConfirmedForm<D, ReasonLater<E>, FieldOf<E, D>, R>({
    ...(form as unknown as FormSpec<D, ReasonLater<E>, FieldOf<E, D>>),
    send: spec.send,
  });
  return { ...state, bound };
}
