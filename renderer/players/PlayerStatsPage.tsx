import { useMemo } from 'react';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { Button, ButtonGroup, Card, Classes, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { formatCount } from './cellFormat.js';
import { usePlayerStats } from './playersApi.js';
import {
  STATS_WINDOWS,
  STAT_TILES,
  barFractions,
  fillDays,
  newPerDayOption,
  parseStatsWindow,
  shareText,
  type DayCount,
  type PlayerStats,
} from './stats.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import './players.css';
import { dateTimeFormat } from '../components/intl.js';

function Tiles({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="stats-tiles">
      {STAT_TILES.map(({ key, tone, pick }) => {
        const value = pick(stats);
        const pct = key === 'total' ? null : shareText(value, stats.total);
        return (
          <Card key={key} compact className={`stats-tile stats-tile-${tone}`} data-testid={`stats-${key}`}>
            <div className={`stats-tile-label ${Classes.TEXT_MUTED}`}>{t(`players.stats.tile.${key}`)}</div>
            <div className="stats-tile-value">{formatCount(value, lang)}</div>
            {pct !== null && (
              <div className={`stats-tile-share ${Classes.TEXT_MUTED}`}>
                {t('players.stats.share', { percent: pct })}
              </div>
            )}
          </Card>
        );
      })}
    </div>
  );
}

function LevelBands({ levels }: { levels: PlayerStats['levels'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fractions = barFractions(levels.map((l) => l.count));
  return (
    <Card className="stats-card">
      <H4>{t('players.stats.levels')}</H4>
      {levels.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('players.stats.noLevels')}</p>
      ) : (
        <ul className="level-bands" data-testid="stats-levels">
          {levels.map((band, i) => (
            <li key={band.from} className="level-band">
              <span className="level-band-label">
                {t('players.stats.band', { from: band.from, to: band.to })}
              </span>
              <span className="level-band-track">
                <span className="level-band-bar" style={{ width: `${(fractions[i] ?? 0) * 100}%` }} />
              </span>
              <span className="level-band-count">{formatCount(band.count, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function dayLabel(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : dateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** New players per day: a bar per day (ECharts, loaded with this page), its figures beside it. */
function NewPerDay({ game, points, days }: { game: GameId; points: readonly DayCount[]; days: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filled = useMemo(() => fillDays(points), [points]);
  const max = Math.max(0, ...filled.map((p) => p.count));
  const total = filled.reduce((sum, p) => sum + p.count, 0);
  const series = t('players.stats.newSeries');
  const option = useMemo(
    () => newPerDayOption(filled, series, (day) => dayLabel(day, lang)),
    [filled, series, lang],
  );
  if (total === 0) {
    return (
      <Card className="stats-card">
        <H4>{t('players.stats.newPerDay', { days })}</H4>
        <p className={Classes.TEXT_MUTED} data-testid="stats-no-new">
          {t('players.stats.noNew', { days })}
        </p>
      </Card>
    );
  }
  return (
    <ChartPanel
      title={t('players.stats.newPerDay', { days })}
      option={option}
      testId="stats-new-per-day"
      fileName={`${game}-new-players-${days}d`}
      height={200}
      caption={
        <p className={Classes.TEXT_MUTED}>
          {t('players.stats.newTotal', { n: formatCount(total, lang), max: formatCount(max, lang) })}
        </p>
      }
      figures={{
        category: t('players.stats.day'),
        series: [series],
        rows: filled.map((p) => ({
          key: p.day,
          label: dayLabel(p.day, lang),
          values: [formatCount(p.count, lang)],
        })),
      }}
    />
  );
}

/** Player counts by state and flag, activity, level bands and new players per day, from the server. */
export function PlayerStatsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params, setParams] = useUrlSearch();
  const days = parseStatsWindow(params.get('days'));
  const stats = usePlayerStats(game, days);

  const setDays = (d: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('days', String(d));
      return next;
    });

  return (
    <div className="player-stats" data-testid="player-stats">
      <div className="toolbar">
        <span>{t('players.stats.window')}</span>
        <ButtonGroup>
          {STATS_WINDOWS.map((d) => (
            <Button
              key={d}
              text={t('players.stats.days', { n: d })}
              active={d === days}
              onClick={() => setDays(d)}
              data-testid={`stats-days-${d}`}
            />
          ))}
        </ButtonGroup>
        <span className="toolbar-spacer" />
        <RefetchSpinner query={stats} />
      </div>
      <QueryState query={stats} failedTitle={t('players.stats.loadFailed')}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              icon="people"
              title={t('players.stats.empty')}
              description={t('players.stats.emptyHelp')}
              testId="stats-empty"
            />
          ) : (
            <>
              <p className={Classes.TEXT_MUTED} data-testid="stats-as-of">
                {t('players.stats.asOf', { time: formatDateTime(data.asOf, lang) })}
              </p>
              <Tiles stats={data} />
              <div className="stats-charts">
                <NewPerDay game={game} points={data.newPerDay} days={days} />
                <LevelBands levels={data.levels} />
              </div>
            </>
          )
        }
      </QueryState>
    </div>
  );
}
