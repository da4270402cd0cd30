import { Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { EVENT_LEVELS, type EventLevel, type SystemEvent } from '../../shared/api/systemLogs.js';
import { GAME_LIST } from '../../shared/games.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { gameName } from '../kit/audit.js';
import { useEndpointQuery } from '../kit/data.js';
import { useListParams } from '../kit/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import { LogTable } from './LogTable.js';
import {
  EVENT_PARAMS,
  areasOf,
  clearEventsPatch,
  eventsInput,
  isFiltered,
  readEventFilters,
} from './filters.js';

const PAGE_SIZE = 20;

const LEVEL_INTENT: Record<EventLevel, Intent> = {
  info: Intent.PRIMARY,
  warn: Intent.WARNING,
  error: Intent.DANGER,
};

/**
 * What the backend itself did or met: it started, migrated its database, a watched server's
 * check failed, a data repair finished. Filtered by area or kind, level, game and days.
 */
export function EventsLog() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams(EVENT_PARAMS.page);
  const f = readEventFilters(search);
  const query = eventsInput(f);
  const reversed = query === 'reversed';
  const kinds = useEndpointQuery('systemLogs.eventKinds', {}, { staleTime: 30_000 });
  const events = useEndpointQuery(
    'systemLogs.events',
    reversed ? { pageSize: PAGE_SIZE } : { ...query, page, pageSize: PAGE_SIZE },
    { keepPrevious: true, enabled: !reversed },
  );
  const known = kinds.data?.kinds ?? [];
  const areas = areasOf(known);
  const kindsShown = known.filter((k) => !f.area || k.startsWith(`${f.area}.`));
  const kindName = (kind: string) => t(`systemLogs.eventKind.${kind}`, { defaultValue: kind });
  const areaName = (area: string) => t(`systemLogs.area.${area}`, { defaultValue: area });

  const body = (
    <LogTable
      texts="events"
      testId="events"
      query={events}
      reversed={reversed}
      filtered={isFiltered(f)}
      emptyIcon="pulse"
      pageSize={PAGE_SIZE}
      onPage={(p) => update({ [EVENT_PARAMS.page]: p })}
      columns={[
        t('systemLogs.field.at'),
        t('systemLogs.field.level'),
        t('systemLogs.field.event'),
        t('systemLogs.field.game'),
        t('systemLogs.field.subject'),
        t('systemLogs.field.detail'),
      ]}
      row={(e) => <EventRow key={e.id} event={e} kindName={kindName} />}
    />
  );

  return (
    <div className="system-logs" data-testid="events-log">
      <div className="toolbar logs-filters">
        <HTMLSelect
          value={f.area ?? ''}
          onChange={(e) => update({ [EVENT_PARAMS.area]: e.currentTarget.value, [EVENT_PARAMS.kind]: '' })}
          aria-label={t('systemLogs.filter.area')}
          data-testid="events-area"
        >
          <option value="">{t('systemLogs.filter.allAreas')}</option>
          {areas.map((a) => (
            <option key={a} value={a}>
              {areaName(a)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={f.kind ?? ''}
          onChange={(e) => update({ [EVENT_PARAMS.kind]: e.currentTarget.value })}
          aria-label={t('systemLogs.filter.event')}
          data-testid="events-kind"
        >
          <option value="">{t('systemLogs.filter.allEvents')}</option>
          {f.kind && !kindsShown.includes(f.kind) && <option value={f.kind}>{kindName(f.kind)}</option>}
          {kindsShown.map((k) => (
            <option key={k} value={k}>
              {kindName(k)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={f.level ?? ''}
          onChange={(e) => update({ [EVENT_PARAMS.level]: e.currentTarget.value })}
          aria-label={t('systemLogs.filter.level')}
          data-testid="events-level"
        >
          <option value="">{t('systemLogs.filter.allLevels')}</option>
          {EVENT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`systemLogs.level.${l}`)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={f.game ?? ''}
          onChange={(e) => update({ [EVENT_PARAMS.game]: e.currentTarget.value })}
          aria-label={t('systemLogs.filter.game')}
          data-testid="events-game"
        >
          <option value="">{t('systemLogs.filter.allGames')}</option>
          {GAME_LIST.map((g) => (
            <option key={g.id} value={g.id}>
              {g.names[lang]}
            </option>
          ))}
          <option value="none">{t('systemLogs.noGame')}</option>
        </HTMLSelect>
        <label className="logs-day">
          {t('systemLogs.filter.from')}
          <InputGroup
            type="date"
            value={f.from ?? ''}
            onValueChange={(v) => update({ [EVENT_PARAMS.from]: v })}
            data-testid="events-from"
          />
        </label>
        <label className="logs-day">
          {t('systemLogs.filter.to')}
          <InputGroup
            type="date"
            value={f.to ?? ''}
            onValueChange={(v) => update({ [EVENT_PARAMS.to]: v })}
            data-testid="events-to"
          />
        </label>
        {isFiltered(f) && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('kit.list.clearFilters')}
            onClick={() => update(clearEventsPatch)}
            data-testid="events-clear"
          />
        )}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={events} />
      </div>
      {body}
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
