import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/i18n.js';
import { formatDateTime } from './format.js';
import { relativeText } from './relativeText.js';

/**
 * A time in a list, the spec's way: short and relative ("5m ago", "in 2h", "3天前"), the full
 * date and time in the operator's language on hover (and in the element's dateTime for tools).
 * Read against the clock when the list draws; lists are read fresh, so it does not tick.
 */
export function ListTime({ at, testId }: { at: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!at) return null;
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return <>{at}</>;
  return (
    <time dateTime={at} title={formatDateTime(at, lang)} data-testid={testId}>
      {relativeText(t, ms, Date.now())}
    </time>
  );
}
