import type { ReactNode } from 'react';
import { Card, Classes, H2, Intent, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { RECENT_LOG_DAYS, type PlayerLog } from '../../shared/api/players.js';
import type { AuditEntry } from '../../shared/api/users.js';
import { formatDateTime } from '../components/format.js';
import { auditActionName } from '../kit/audit.js';
import type { FilterValues, ListFilter } from '../kit/filters.js';
import { ListBody } from '../kit/ListPage.js';
import { RowsTable } from '../kit/RowsTable.js';
import { SearchOnSubmit } from '../kit/SearchBox.js';
import { useListController, type ListController } from '../kit/useListController.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useLanguage } from '../i18n/i18n.js';
import type { HistoryKind } from './playersApi.js';

export const HISTORY_VIEWS = ['logs', 'prelogs', 'audit'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

const VIEW_PARAM = 'history';
const PAGE_PARAM = 'hpage';
const KIND_FILTER_MAX = 32;
/** A kind of log entry to list (the logs' endpoints take it), drawn in the history's heading. */
const KIND_FILTER: ListFilter = { kind: 'hidden', input: 'kind', param: 'hkind' };

function parseView(value: string | null): HistoryView {
  return (HISTORY_VIEWS as readonly string[]).includes(value ?? '') ? (value as HistoryView) : 'logs';
}

/** The history lists' texts, said the same way for all three. */
interface HistoryTexts {
  failed: string;
  empty: string;
  /** Nothing of the kind filtered for. */
  filteredEmpty?: (values: FilterValues) => string;
}

/**
 * One page of a history list, said the same way for all three: loading, failure, "nothing yet",
 * then the entries (each with its time first) and the pager.
 */
function HistoryList<T extends { id: number; at: string }>({
  list,
  texts,
  headers,
  cells,
}: {
  list: ListController<T>;
  texts: HistoryTexts;
  /** The column titles after the time's. */
  headers: readonly string[];
  /** An entry's cells after its time. */
  cells: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const columns = [t('players.history.at'), ...headers].map((name) => ({ name }));
  return (
    <ListBody
      list={list}
      texts={texts}
      icon="history"
      testId="history"
      table={(rows) => (
        <RowsTable columns={columns} rowCount={rows.length} testId="history-table" className="history-table">
          {rows.map((e) => (
            <tr key={e.id}>
              <td className="history-at">{formatDateTime(e.at, lang)}</td>
              {cells(e)}
            </tr>
          ))}
        </RowsTable>
      )}
    />
  );
}

function LogList({ list, kind }: { list: ListController<PlayerLog>; kind: HistoryKind }) {
  const { t } = useTranslation();
  return (
    <HistoryList
      list={list}
      texts={{
        failed: t(`players.history.${kind}Failed`),
        empty: t(`players.history.${kind}Empty`, { days: RECENT_LOG_DAYS }),
        filteredEmpty: (values) => t('players.history.noKind', { kind: values.kind }),
      }}
      headers={[t('players.history.kind'), t('players.history.detail'), t('players.history.ip')]}
      cells={(e) => (
        <>
          <td>
            <code>{e.kind}</code>
          </td>
          <td>{e.detail}</td>
          <td>{e.ip ?? t('common.none')}</td>
        </>
      )}
    />
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.before === null && entry.after === null) return <>{t('common.none')}</>;
  return (
    <details className="audit-changes">
      <summary>{t('players.history.changes')}</summary>
      {entry.before !== null && (
        <>
          <div className={Classes.TEXT_MUTED}>{t('players.history.before')}</div>
          <pre>{JSON.stringify(entry.before, null, 2)}</pre>
        </>
      )}
      {entry.after !== null && (
        <>
          <div className={Classes.TEXT_MUTED}>{t('players.history.after')}</div>
          <pre>{JSON.stringify(entry.after, null, 2)}</pre>
        </>
      )}
    </details>
  );
}

function AuditList({ list }: { list: ListController<AuditEntry> }) {
  const { t } = useTranslation();
  return (
    <HistoryList
      list={list}
      texts={{ failed: t('players.history.auditFailed'), empty: t('players.history.auditEmpty') }}
      headers={[
        t('players.history.operator'),
        t('players.history.action'),
        t('players.history.reason'),
        t('players.history.outcome'),
        t('players.history.changes'),
      ]}
      cells={(e) => (
        <>
          <td>{e.operator}</td>
          <td title={e.action}>{auditActionName(t, e.action)}</td>
          <td>{e.reason ?? t('common.none')}</td>
          <td>
            <Tag minimal intent={e.outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
              {e.outcome === 'ok' ? t('players.history.ok') : t('players.history.failed', { code: e.code })}
            </Tag>
          </td>
          <td>
            <Changes entry={e} />
          </td>
        </>
      )}
    />
  );
}

/**
 * The player's history: the game's recent log, its older log (prelogs), and what operators did to
 * the player. Which list, its page and its filter are in the URL, so a link shows the same list;
 * another list or filter starts at its first page, and the default list is left out of the URL.
 */
export function PlayerHistory({ game, id }: { game: GameId; id: string }) {
  const { t } = useTranslation();
  const [search] = useUrlSearch();
  const view = parseView(search.get(VIEW_PARAM));
  // One list is read at a time, the one of the chosen tab; all three keep their page in `hpage`.
  const logs = useListController({
    endpoint: view === 'prelogs' ? 'players.prelogs' : 'players.logs',
    input: { game, id },
    filters: [KIND_FILTER],
    pageParam: PAGE_PARAM,
    enabled: view !== 'audit',
  });
  const audit = useListController({
    endpoint: 'players.audit',
    input: { game, id },
    pageParam: PAGE_PARAM,
    enabled: view === 'audit',
  });
  const kind = logs.values.kind ?? '';

  return (
    <Card className="player-history" data-testid="player-history">
      <div className="player-history-top">
        <H2 className="heading-size-4">{t('players.history.title')}</H2>
        <Tabs
          id="player-history-tabs"
          selectedTabId={`history-${view}`}
          onChange={(tabId) => {
            const next = parseView(String(tabId).replace(/^history-/, ''));
            logs.update({ [VIEW_PARAM]: next === 'logs' ? '' : next });
          }}
          animate={false}
        >
          {HISTORY_VIEWS.map((v) => (
            <Tab key={v} id={`history-${v}`} title={t(`players.history.${v}`)} data-testid={`history-${v}`} />
          ))}
        </Tabs>
        <span className="toolbar-spacer" />
        {view !== 'audit' && (
          <SearchOnSubmit
            key={kind}
            initial={kind}
            onSubmit={(f) => logs.setFilter(KIND_FILTER, f)}
            placeholder={t('players.history.kindPlaceholder')}
            testId="history-kind"
            maxLength={KIND_FILTER_MAX}
            icon="filter"
            size="small"
            submitText={t('players.history.filter')}
            className="history-filter"
          />
        )}
      </div>
      <TabPanel
        id={`history-${view}`}
        parentId="player-history-tabs"
        selectedTabId={`history-${view}`}
        panel={view === 'audit' ? <AuditList list={audit} /> : <LogList list={logs} kind={view} />}
      />
    </Card>
  );
}
