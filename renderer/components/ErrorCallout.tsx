import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ResultError } from '../../shared/envelope.js';
import { useLanguage } from '../i18n/i18n.js';
import { errorLines, isRetryable } from './errorText.js';

/**
 * A failed call, said plainly: what failed (title), why and what to do (the code's text). Try
 * again shows only for failures a retry can mend (the network, a busy or failed server).
 */
export function ErrorCallout({
  title,
  error,
  onRetry,
  testId,
}: {
  title: string;
  error: ResultError;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const lines = errorLines(error, lang);
  return (
    <Callout intent={Intent.DANGER} title={title} icon="error" data-testid={testId ?? 'error-callout'}>
      <p>{lines.summary}</p>
      {lines.detail && <p className="error-detail">{t('errors.serverSaid', { message: lines.detail })}</p>}
      {lines.issues.length > 0 && (
        <ul>
          {lines.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      <p className="error-code">{t('errors.code', { code: lines.code })}</p>
      {lines.requestId && (
        <p className="error-request-id" data-testid="error-request-id">
          {t('errors.requestId', { id: lines.requestId })}
        </p>
      )}
      {lines.technical && (
        <details className="error-technical" data-testid="error-technical">
          <summary>{t('errors.technical')}</summary>
          <code>{lines.technical}</code>
        </details>
      )}
      {onRetry && isRetryable(error.code) && (
        <Button icon="refresh" onClick={onRetry} text={t('common.retry')} data-testid="error-retry" />
      )}
    </Callout>
  );
}
