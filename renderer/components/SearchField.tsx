import { useState, type FormEvent } from 'react';
import { Button, ControlGroup, InputGroup, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A one-field search or filter form: the text box and its button, submitting the trimmed text on
 * Enter or click. It holds no state; each list decides when what is typed is applied (at once,
 * after a pause) and how it follows the URL.
 */
interface SearchFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: (text: string) => void;
  placeholder: string;
  /** The text box's test id; the button's is the same with `-submit`. */
  testId: string;
  maxLength?: number;
  icon?: IconName;
  size?: 'small';
  /** The button's text; "Search" by default. */
  submitText?: string;
  className?: string;
}

export function SearchField({
  value,
  onValueChange,
  onSubmit,
  placeholder,
  testId,
  maxLength = 64,
  icon = 'search',
  size,
  submitText,
  className,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} className={className} role="search">
      <ControlGroup>
        <InputGroup
          type="search"
          leftIcon={icon}
          size={size}
          placeholder={placeholder}
          aria-label={placeholder}
          value={value}
          onValueChange={onValueChange}
          maxLength={maxLength}
          data-testid={testId}
        />
        <Button
          type="submit"
          size={size}
          text={submitText ?? t('common.search')}
          data-testid={`${testId}-submit`}
        />
      </ControlGroup>
    </form>
  );
}

/**
 * A search applied on submit only. It keeps what is typed itself, starting from `initial`; key it
 * by the applied text in the URL, so Back and "clear" reset what is typed to what is applied.
 */
export function SearchOnSubmit({
  initial,
  ...props
}: Omit<SearchFieldProps, 'value' | 'onValueChange'> & { initial: string }) {
  const [draft, setDraft] = useState(initial);
  return <SearchField {...props} value={draft} onValueChange={setDraft} />;
}
