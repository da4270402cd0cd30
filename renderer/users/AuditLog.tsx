import { Button, Callout, HTMLTable, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS } from '../../shared/api/users.js';
import { GAME_LIST } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { formatDateTime } from '../components/format.js';
import { auditActionName, gameName } from '../kit/audit.js';
import { useEndpointQuery } from '../kit/data.js';
import { Pager } from '../kit/Pager.js';
import { useListParams } from '../kit/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  AUDIT_PARAMS,
  auditLogInput,
  clearAuditPatch,
  isFilteredLog,
  readAuditFilter,
} from './auditFilters.js';
import './users.css';

export const LOGS_PAGE_SIZE = 20;

/** The filters of the audit log: kind of entry, game, days. They live in the URL. */
function AuditFilters() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, update } = useListParams(AUDIT_PARAMS.page);
  const f = readAuditFilter(search);
  return (
    <div className="toolbar audit-filters" data-testid="user-logs-filters">
      <HTMLSelect
        value={f.kind ?? ''}
        onChange={(e) => update({ [AUDIT_PARAMS.kind]: e.currentTarget.value })}
        aria-label={t('users.logs.filter.kind')}
        data-testid="user-logs-kind"
      >
        <option value="">{t('users.logs.filter.allKinds')}</option>
        {AUDIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`users.logs.kind.${k}`)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        value={f.game ?? ''}
        onChange={(e) => update({ [AUDIT_PARAMS.game]: e.currentTarget.value })}
        aria-label={t('users.logs.filter.game')}
        data-testid="user-logs-game"
      >
        <option value="">{t('users.logs.filter.allGames')}</option>
        {GAME_LIST.map((g) => (
          <option key={g.id} value={g.id}>
            {g.names[lang]}
          </option>
        ))}
      </HTMLSelect>
      <label className="audit-day">
        {t('users.logs.filter.from')}
        <InputGroup
          type="date"
          value={f.from ?? ''}
          onValueChange={(v) => update({ [AUDIT_PARAMS.from]: v })}
          data-testid="user-logs-from"
        />
      </label>
      <label className="audit-day">
        {t('users.logs.filter.to')}
        <InputGroup
          type="date"
          value={f.to ?? ''}
          onValueChange={(v) => update({ [AUDIT_PARAMS.to]: v })}
          data-testid="user-logs-to"
        />
      </label>
      {isFilteredLog(f) && (
        <Button
          variant="minimal"
          icon="cross"
          text={t('kit.list.clearFilters')}
          onClick={() => update(clearAuditPatch)}
          data-testid="user-logs-clear"
        />
      )}
    </div>
  );
}

/**
 * What an operator did, newest first: each action by its name in the operator's language (the
 * code on hover), the game by its name; filtered by kind, game and days, paged, all in the URL.
 */
export function AuditLog({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams(AUDIT_PARAMS.page);
  const filter = readAuditFilter(search);
  const input = auditLogInput(phone, page, filter);
  const reversed = input === 'reversed';
  const logs = useEndpointQuery(
    'users.logs',
    reversed ? { phone, pageSize: LOGS_PAGE_SIZE } : { ...input, pageSize: LOGS_PAGE_SIZE },
    { keepPrevious: true, enabled: !reversed },
  );

  let body;
  if (reversed) {
    body = (
      <Callout intent={Intent.WARNING} icon="calendar" data-testid="user-logs-reversed">
        {t('users.logs.filter.reversed')}
      </Callout>
    );
  } else if (logs.isPending) {
    body = <Spinner size={24} />;
  } else if (logs.error) {
    body = <QueryErrorCallout title={t('users.logs.loadFailed')} query={logs} />;
  } else if (logs.data.total === 0) {
    body = (
      <EmptyState
        icon={isFilteredLog(filter) ? 'filter' : 'history'}
        title={isFilteredLog(filter) ? t('users.logs.noMatches') : t('users.logs.empty')}
        testId="user-logs-empty"
      />
    );
  } else {
    body = (
      <>
        <HTMLTable
          compact
          striped
          className="logs-table"
          data-testid="user-logs"
          data-row-count={logs.data.items.length}
        >
          <thead>
            <tr>
              <th>{t('users.logs.at')}</th>
              <th>{t('users.logs.action')}</th>
              <th>{t('users.logs.game')}</th>
              <th>{t('users.logs.target')}</th>
              <th>{t('users.logs.reason')}</th>
              <th>{t('users.logs.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.items.map((e) => (
              <tr key={e.id} data-action={e.action}>
                <td>{formatDateTime(e.at, lang)}</td>
                <td title={e.action}>{auditActionName(t, e.action)}</td>
                <td>{gameName(e.game, lang) ?? t('common.none')}</td>
                <td>{e.target}</td>
                <td>{e.reason ?? t('common.none')}</td>
                <td>
                  <Tag minimal intent={e.outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
                    {e.outcome === 'ok' ? t('users.logs.ok') : t('users.logs.error', { code: e.code })}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Pager
          page={logs.data.page}
          pageSize={LOGS_PAGE_SIZE}
          total={logs.data.total}
          onPage={(p) => update({ [AUDIT_PARAMS.page]: p })}
          testId="logs-pager"
        />
      </>
    );
  }

  return (
    <>
      <AuditFilters />
      {body}
    </>
  );
}
