import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, ControlGroup, InputGroup, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** How long typing must pause before a list searches by itself. */
export const SEARCH_DELAY_MS = 400;

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

/**
 * A one-field search or filter form: the text box and its button, submitting the trimmed text on
 * Enter or click. It holds no state; SearchBox and SearchOnSubmit decide when what is typed applies.
 */
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
 * A list's text search: searches as the operator pauses typing, and at once on Enter. The URL
 * holds the applied query; what is typed follows it when it changes from outside (Back, clear).
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  testId,
  maxLength,
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  testId: string;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  // Adjusting state to a changed prop during render, as React recommends, instead of an effect.
  // A query this box sent itself must not overwrite what was typed since.
  if (value !== applied) {
    setApplied(value);
    if (value !== sent && value !== draft.trim()) setDraft(value);
  }

  const search = useCallback(
    (text: string) => {
      setSent(text);
      onSearch(text);
    },
    [onSearch],
  );

  useEffect(() => {
    const text = draft.trim();
    if (text === value) return;
    const id = window.setTimeout(() => search(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [draft, value, search]);

  return (
    <SearchField
      value={draft}
      onValueChange={setDraft}
      onSubmit={search}
      placeholder={placeholder}
      testId={testId}
      {...(maxLength === undefined ? {} : { maxLength })}
    />
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
