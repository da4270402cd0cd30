import { Button, Classes, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { TabSource } from '../../shared/api/players.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';

export interface SourceRead {
  source: TabSource;
  cachedAt: string | null;
  readAt: string;
}

/**
 * Where a tab's rows came from. Tabs with a cache variant say whether the game's cache or its
 * database answered, and can re-read the database (which also refreshes the cache), so an operator
 * who just fixed something in the game is never left looking at a stale copy without knowing.
 */
export function TabSourceBar({
  read,
  cache,
  refresh,
}: {
  read: SourceRead;
  cache: boolean;
  /** The fresh read (useRefreshTab, useRefreshEquipment). */
  refresh: { mutate: () => void; isPending: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  const onRefresh = () => refresh.mutate();
  const lang = useLanguage();
  const fromCache = read.source === 'cache';
  const text = fromCache
    ? t('players.panel.fromCache', { time: formatDateTime(read.cachedAt ?? read.readAt, lang) })
    : t('players.panel.fromDb', { time: formatDateTime(read.readAt, lang) });
  return (
    <>
      <div className="tab-source" data-testid="tab-source">
        <Icon icon={fromCache ? 'archive' : 'database'} intent={fromCache ? Intent.WARNING : Intent.NONE} />
        <span className={fromCache ? undefined : Classes.TEXT_MUTED}>{text}</span>
        {cache && (
          <Button
            size="small"
            variant="outlined"
            icon="refresh"
            text={t('players.panel.refresh')}
            title={t('players.panel.refreshHelp')}
            loading={refresh.isPending}
            onClick={onRefresh}
            data-testid="tab-refresh"
          />
        )}
      </div>
      {refresh.error !== null && refresh.error !== undefined && (
        <ErrorCallout
          title={t('players.panel.refreshFailed')}
          error={asResultError(refresh.error, Codes.NETWORK)}
          onRetry={onRefresh}
          testId="tab-refresh-error"
        />
      )}
    </>
  );
}
