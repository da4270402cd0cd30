import type { Ref } from 'react';
import { type HTMLSelectProps } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';

export interface Option {
  value: string;
  label: string;
}

/** Options from fixed values, each labelled (translated) by `label`. */
export function optionsOf(values: readonly string[], label: (value: string) => string): Option[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/**
 * A select over fixed options, used by the list filters and the forms alike. With `none`, a first
 * option of value '' stands for "no filter" or "not chosen yet".
 */
export function OptionSelect({
  value,
  options,
  onChange,
  none,
  ref,
  ...props
}: {
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  none?: string;
  ref?: Ref<HTMLSelectElement>;
} & Omit<HTMLSelectProps, 'value' | 'onChange' | 'options'>) {
  return (
    <HTMLSelect ref={ref} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...props}>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
