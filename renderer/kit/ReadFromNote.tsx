import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReadFrom } from '../../shared/api/read-from.js';
import { readFromText } from './readFrom.js';

/** The line under a report's range saying where its figures were read; nothing without a replica. */
export function ReadFromNote({ from }: { from: ReadFrom | undefined }) {
  const { t } = useTranslation();
  const text = readFromText(t, from);
  if (!text) return null;
  return (
    <p className={Classes.TEXT_MUTED} data-testid="read-from" data-source={from?.source}>
      {text}
    </p>
  );
}
