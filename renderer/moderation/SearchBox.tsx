import { useCallback, useEffect, useState } from 'react';
import { SearchField } from '../components/SearchField.js';

const SEARCH_DELAY_MS = 400;

/**
 * A list's text search: searches as the operator pauses typing, and at once on Enter. The URL
 * holds the applied query; what is typed follows it when it changes from outside (Back, clear).
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  testId,
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  testId: string;
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
    />
  );
}
