import { Intent, Tag } from '@blueprintjs/core';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EventLevel, SystemEvent } from '../../shared/api/systemLogs.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { gameName } from '../kit/audit.js';
import { useEndpointQuery } from '../kit/data.js';
import { FilterBar } from '../kit/FilterBar.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { EVENT_PARAMS, EVENT_SORT_PARAMS, eventFilters } from './filters.js';

const LEVEL_INTENT: Record<EventLevel, Intent> = {
  info: Intent.PRIMARY,
  warn: Intent.WARNING,
  error: Intent.DANGER,
};

const eventColumns = (t: TFunction) => [
  { name: t('systemLogs.field.at'), sortKey: 'at' },
  { name: t('systemLogs.field.level') },
  { name: t('systemLogs.field.event') },
  { name: t('systemLogs.field.game') },
  { name: t('systemLogs.field.subject') },
  { name: t('systemLogs.field.detail') },
];

/**
 * What the backend itself did or met: it started, migrated its database, a watched server's
 * check failed, a data repair finished. Filtered by area or kind, level, game and days.
 */
export function EventsLog() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search] = useUrlSearch();
  const kinds = useEndpointQuery('systemLogs.eventKinds', {}, { staleTime: 30_000 });
  const list = useListController({
    endpoint: 'systemLogs.events',
    input: {},
    filters: eventFilters({ t, lang }, kinds.data?.kinds ?? [], search.get('area') ?? ''),
    pageParam: EVENT_PARAMS.page,
    sortParams: EVENT_SORT_PARAMS,
  });
  const sort = useTableSort(list);
  const kindName = (kind: string) => t(`systemLogs.eventKind.${kind}`, { defaultValue: kind });

  return (
    <div className="system-logs" data-testid="events-log">
      <div className="toolbar logs-filters">
        <FilterBar list={list} testId="events" />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
      </div>
      <ListBody
        list={list}
        testId="events"
        icon="pulse"
        texts={{
          failed: t('systemLogs.events.loadFailed'),
          empty: t('systemLogs.events.empty'),
          filteredEmpty: () => t('systemLogs.events.noMatches'),
          count: (count) => t('systemLogs.events.count', { count: count.toLocaleString(lang) }),
          countCapped: (count) => t('systemLogs.events.countCapped', { count: count.toLocaleString(lang) }),
        }}
        table={(rows) => (
          <RowsTable
            columns={eventColumns(t)}
            rowCount={rows.length}
            testId="events"
            sort={sort}
            className="logs-table"
          >
            {rows.map((e) => (
              <EventRow key={e.id} event={e} kindName={kindName} />
            ))}
          </RowsTable>
        )}
      />
    </div>
  );
}

function EventRow({ event: e, kindName }: { event: SystemEvent; kindName: (kind: string) => string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const detail = e.detail === null ? '' : JSON.stringify(e.detail);
  return (
    <tr data-testid={`event-${e.id}`} data-kind={e.kind}>
      <td className="logs-at">
        <ListTime at={e.at} />
      </td>
      <td>
        <Tag minimal intent={LEVEL_INTENT[e.level]}>
          {t(`systemLogs.level.${e.level}`)}
        </Tag>
      </td>
      <td title={e.kind}>{kindName(e.kind)}</td>
      <td>{gameName(e.game, lang) ?? t('systemLogs.noGame')}</td>
      <td className="logs-text" title={e.subject}>
        {e.subject}
      </td>
      <td className="log-json">
        {detail && (
          <details>
            <summary>{detail.length > 80 ? `${detail.slice(0, 79)}…` : detail}</summary>
            <pre>{JSON.stringify(e.detail, null, 2)}</pre>
          </details>
        )}
      </td>
    </tr>
  );
}
