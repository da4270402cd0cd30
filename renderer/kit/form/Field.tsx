import type { ReactNode, Ref } from 'react';
import { InputGroup, Intent, TextArea, type InputGroupProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormField } from '../FormField.js';
import { OptionSelect, type Option } from '../OptionSelect.js';
import type { BoundState } from './useBoundForm.js';

/** The draft's fields that hold a text, which the kit's own inputs can edit. */
export type TextFieldOf<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/** What a field's input is given: its id (the label's target), test id and intent. */
export interface FieldInput {
  id: string;
  testId: string;
  intent: Intent;
}

interface FrameProps<D extends object, F extends string> {
  /** The form the field belongs to (useBoundForm or useConfirmedBoundForm). */
  of: BoundState<D, F>;
  name: F;
  /** By default `<texts>.<name>.label`. */
  label?: string;
  /** By default `<texts>.<name>.help` when the feature has one; null for none. */
  help?: ReactNode;
  /** By default the input schema's: required unless it has a default or may be left out. */
  need?: 'required' | 'optional' | null;
  /** The input's test id, where it is not the id; its error or help line's is `<testId>-help`. */
  testId?: string;
  className?: string;
}

/**
 * A bound field's frame (label, required mark, error or help) around an input of the form's
 * own: a list of lines, a choice of operators. The kit's usual inputs are `Field`.
 */
export function FieldFrame<D extends object, F extends string>({
  of,
  name,
  label,
  help,
  need,
  testId,
  className,
  danger,
  children,
}: FrameProps<D, F> & {
  /** Wrong for a reason the form's check cannot see (a player the server does not know). */
  danger?: boolean;
  children: (input: FieldInput) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const id = of.bound.idOf(name);
  const key = `${of.bound.texts}.${name}`;
  const shownHelp =
    help === null ? undefined : (help ?? (i18n.exists(`${key}.help`) ? t(`${key}.help`) : undefined));
  const shownNeed = need === null ? undefined : (need ?? (of.bound.required(name) ? 'required' : 'optional'));
  const error = of.errors[name];
  const wrong = Boolean(error) || danger === true;
  const shownTestId = testId ?? id;
  return (
    <FormField
      id={id}
      label={label ?? t(`${key}.label`)}
      {...(shownNeed ? { need: shownNeed } : {})}
      error={error}
      help={shownHelp}
      danger={wrong}
      {...(className ? { className } : {})}
      helpTestId={`${shownTestId}-help`}
    >
      {children({ id, testId: shownTestId, intent: wrong ? Intent.DANGER : Intent.NONE })}
    </FormField>
  );
}

type InputProps = Pick<
  InputGroupProps,
  | 'inputMode'
  | 'maxLength'
  | 'placeholder'
  | 'rightElement'
  | 'leftIcon'
  | 'size'
  | 'autoFocus'
  | 'readOnly'
  | 'disabled'
  | 'type'
  | 'min'
  | 'autoComplete'
> & { inputClassName?: string };

/**
 * One field of a bound form, declared by its name: `<Field of={form} name="note" as="textarea" />`.
 * A text input by default (named as its field, for the browser's autofill), `as="textarea"`, a
 * select over `options`, or a local date and time; an input may carry icons or a button beside it
 * (`leftIcon`, `rightElement`: a password's show/hide toggle).
 * `onChange` replaces the plain "set the field" where the form cleans what is typed.
 */
export function Field<D extends object, F extends string>({
  as = 'text',
  options,
  none,
  selectRef,
  onChange,
  inputClassName,
  ...props
}: FrameProps<D, F> & {
  name: F & TextFieldOf<D>;
  as?: 'text' | 'textarea' | 'select' | 'datetime';
  options?: readonly Option[];
  /** A select's first option, for "not chosen yet". */
  none?: string;
  selectRef?: Ref<HTMLSelectElement>;
  onChange?: (value: string) => void;
} & InputProps) {
  const { of, name, label, help, need, testId, className, ...input } = props;
  const value = String((of.draft as Record<string, unknown>)[name] ?? '');
  const set = onChange ?? ((v: string) => of.change({ [name]: v } as Partial<D>));
  const frame = { of, name, label, help, need, testId, className };
  return (
    <FieldFrame {...frame}>
      {(p) =>
        as === 'select' ? (
          <OptionSelect
            id={p.id}
            ref={selectRef}
            value={value}
            {...(none === undefined ? {} : { none })}
            options={options ?? []}
            onChange={set}
            data-testid={p.testId}
          />
        ) : as === 'textarea' ? (
          <TextArea
            id={p.id}
            fill
            value={value}
            maxLength={input.maxLength}
            onChange={(e) => set(e.currentTarget.value)}
            intent={p.intent}
            data-testid={p.testId}
          />
        ) : (
          <InputGroup
            id={p.id}
            name={name}
            {...input}
            {...(as === 'datetime' ? { type: 'datetime-local' } : {})}
            {...(inputClassName ? { className: inputClassName } : {})}
            value={value}
            onChange={(e) => set(e.currentTarget.value)}
            intent={p.intent}
            data-testid={p.testId}
          />
        )
      }
    </FieldFrame>
  );
}
