import { useMemo, useState } from 'react';
import { Button, Card, ControlGroup, H4, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../shared/api/reports.js';
import type { MatchStats, MatchSummary } from '../../shared/api/statistics.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { QueryState } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import { useEndpointQuery } from '../kit/data.js';
import { ListBody } from '../kit/ListPage.js';
import { useListController, type ListController } from '../kit/useListController.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { DataTable } from '../kit/table.js';
import { formatCount } from '../players/cellFormat.js';
import { matchesByDay, matchesOption } from './charts.js';
import { matchColumns, matchDayColumns, tableColumns } from './columns.js';
import { MatchDetailCard } from './MatchDetailCard.js';
import { RangeBar } from './RangeBar.js';
import { ReadFromNote } from '../kit/ReadFromNote.js';
import { ListStatsExport, StatsExport } from './StatsExport.js';
import { dayMatchesList, namesDay } from './lists.js';
import { rangeOf } from './range.js';
import './statistics.css';

/** Days shown when the URL names none. */
const DEFAULT_DAYS = 30;

type Open = (day: string, mode: string) => void;

/** Matches per day stacked by mode, the table of its figures, and the days' rows to open. */
function MatchDays({ game, stats, onOpen }: { game: GameId; stats: MatchStats; onOpen: Open }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const modeName = (m: string) => t(`statistics.mode.${m}`, { defaultValue: m });
  const option = useMemo(
    () => matchesOption(stats, (m) => t(`statistics.mode.${m}`, { defaultValue: m })),
    [stats, t],
  );
  const days = matchesByDay(stats);
  const rows = stats.rows.filter((r) => r.matches > 0);
  return (
    <>
      <ChartPanel
        title={t('statistics.match.chartTitle')}
        option={option}
        testId="match-chart"
        fileName={`${game}-matches-${stats.start}-${stats.end}`}
        height={260}
        onPick={(p) => {
          const day = days[p.dataIndex]?.day;
          const mode = stats.modes[p.seriesIndex];
          if (day && mode) onOpen(day, mode);
        }}
        figures={{
          category: t('statistics.column.day'),
          series: stats.modes.map(modeName),
          rows: days.map((d) => ({
            key: d.day,
            label: d.day,
            values: d.counts.map((n) => formatCount(n, lang)),
          })),
        }}
      />
      <Card className="stats-card">
        <div className="stats-card-head">
          <H4>{t('statistics.match.byDayMode')}</H4>
          <StatsExport
            game={game}
            page="matchStats"
            endpoint="matchStats.days"
            input={{ game, start: stats.start, end: stats.end }}
            rows="rows"
            columns={matchDayColumns}
            range={{ start: stats.start, end: stats.end }}
            zone={stats.timeZone}
            testId="match-days"
          />
        </div>
        <DataTable
          rows={rows}
          columns={tableColumns(
            matchDayColumns,
            { t, lang, zone: stats.timeZone },
            {
              day: (r) => (
                <Button
                  variant="minimal"
                  size="small"
                  text={r.day}
                  onClick={() => onOpen(r.day, r.mode)}
                  data-testid={`match-day-${r.day}-${r.mode}`}
                />
              ),
              mode: (r) => modeName(r.mode),
            },
          )}
          dependencies={[lang]}
          height={{ rows: 12 }}
          label={t('statistics.match.byDayMode')}
          testId="match-days"
        />
      </Card>
    </>
  );
}

/** The matches of one day (and mode), a page at a time; a match's id opens its detail. */
function DayMatches({
  game,
  list,
  onMatch,
}: {
  game: GameId;
  list: ListController<MatchSummary>;
  onMatch: (id: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const day = list.values.day ?? '';
  const mode = list.values.mode ?? '';
  const zone = (list.query.data as OutputOf<'matchStats.matches'> | undefined)?.timeZone;
  const modeText = mode
    ? t(`statistics.mode.${mode}`, { defaultValue: mode })
    : t('statistics.match.allModes');
  return (
    <Card className="stats-card" data-testid="day-matches">
      <div className="stats-card-head">
        <H4>{t('statistics.match.dayTitle', { day, mode: modeText })}</H4>
        <ListStatsExport
          list={list}
          game={game}
          page="matchStats"
          endpoint="matchStats.matches"
          columns={matchColumns}
          {...(zone ? { zone } : {})}
          filters={[
            { label: t('statistics.column.day'), value: day },
            { label: t('statistics.column.mode'), value: modeText },
          ]}
          testId="day-matches"
        />
      </div>
      <ListBody
        list={list}
        columns={tableColumns(
          matchColumns,
          { t, lang, zone: zone ?? DEFAULT_TIME_ZONE },
          {
            id: (m) => (
              <Button
                variant="minimal"
                size="small"
                text={m.id}
                onClick={() => onMatch(m.id)}
                data-testid={`match-open-${m.id}`}
              />
            ),
            mode: (m) => t(`statistics.mode.${m.mode}`, { defaultValue: m.mode }),
            winner: (m) => t(`statistics.side.${m.winner ?? 'draw'}`),
          },
        )}
        texts={{ failed: t('statistics.match.listFailed'), empty: t('statistics.match.dayEmpty') }}
        icon="calendar"
        // The day and mode are which list this is, not filters narrowing it.
        filtered={false}
        testId="day-matches"
      />
    </Card>
  );
}

/** Open a match by its id, typed or pasted. */
function MatchLookup({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        if (id.trim() !== '') onOpen(id.trim());
      }}
    >
      <ControlGroup>
        <InputGroup
          value={id}
          onChange={(e) => setId(e.target.value)}
          placeholder={t('statistics.match.idPlaceholder')}
          aria-label={t('statistics.column.matchId')}
          data-testid="match-lookup-id"
        />
        <Button
          type="submit"
          icon="search"
          text={t('statistics.match.open')}
          data-testid="match-lookup-open"
        />
      </ControlGroup>
    </form>
  );
}

/** Match statistics: per day and mode over a range of studio days, a day's matches, a match's detail. */
export function MatchStatsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [search] = useUrlSearch();
  // The day's matches are read once a day is chosen; their page stays as a match is opened or closed.
  const list = useListController({ ...dayMatchesList(game), enabled: namesDay(search) });
  const range = rangeOf(search, DEFAULT_DAYS);
  const stats = useEndpointQuery('matchStats.days', { game, ...range }, { keepPrevious: true });
  const match = search.get('match');
  const openMatch = (id: string) => list.update({ match: id, page: list.page });
  return (
    <div className="stats-page" data-testid="match-stats">
      <RangeBar
        key={`${range.start}/${range.end}`}
        range={range}
        onApply={(r) => list.update({ start: r.start, end: r.end, day: '', mode: '' })}
        zone={stats.data?.timeZone}
        testId="match-range"
      />
      <ReadFromNote from={stats.data?.readFrom} />
      <MatchLookup onOpen={openMatch} />
      {match && (
        <MatchDetailCard
          game={game}
          matchId={match}
          onClose={() => list.update({ match: '', page: list.page })}
        />
      )}
      <QueryState
        query={stats}
        failedTitle={t('statistics.match.loadFailed')}
        errorTestId="match-stats-error"
      >
        {(data) => (
          <MatchDays
            game={game}
            stats={data}
            onOpen={(d, m) => list.update({ day: d, mode: m, match: '' })}
          />
        )}
      </QueryState>
      {namesDay(search) && <DayMatches game={game} list={list} onMatch={openMatch} />}
    </div>
  );
}
