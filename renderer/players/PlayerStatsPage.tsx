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
  labelledIndexes,
  parseStatsWindow,
  shareText,
  type DayCount,
  type PlayerStats,
} from './stats.js';
import './players.css';

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

const CHART_HEIGHT = 160;
const BAR_WIDTH = 10;
const BAR_GAP = 2;

function dayLabel(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** New players per day as an inline SVG bar chart: one bar per day, each with its figure on hover. */
function NewPerDay({ points, days }: { points: readonly DayCount[]; days: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filled = useMemo(() => fillDays(points), [points]);
  const fractions = barFractions(filled.map((p) => p.count));
  const max = Math.max(0, ...filled.map((p) => p.count));
  const total = filled.reduce((sum, p) => sum + p.count, 0);
  const width = filled.length * (BAR_WIDTH + BAR_GAP);
  const labels = labelledIndexes(filled.length);
  return (
    <Card className="stats-card">
      <H4>{t('players.stats.newPerDay', { days })}</H4>
      {total === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="stats-no-new">
          {t('players.stats.noNew', { days })}
        </p>
      ) : (
        <figure className="new-per-day" data-testid="stats-new-per-day" data-days={filled.length}>
          <figcaption className={Classes.TEXT_MUTED}>
            {t('players.stats.newTotal', { n: formatCount(total, lang), max: formatCount(max, lang) })}
          </figcaption>
          <svg
            viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('players.stats.newPerDay', { days })}
            className="new-per-day-chart"
          >
            {filled.map((p, i) => {
              const h = Math.max((fractions[i] ?? 0) * CHART_HEIGHT, p.count > 0 ? 1 : 0);
              return (
                <rect
                  key={p.day}
                  x={i * (BAR_WIDTH + BAR_GAP)}
                  y={CHART_HEIGHT - h}
                  width={BAR_WIDTH}
                  height={h}
                  className="new-per-day-bar"
                >
                  <title>
                    {t('players.stats.dayCount', {
                      day: dayLabel(p.day, lang),
                      n: formatCount(p.count, lang),
                    })}
                  </title>
                </rect>
              );
            })}
          </svg>
          <div className="new-per-day-axis">
            {labels.map((i) => {
              const p = filled[i];
              return p ? (
                <span key={p.day} style={{ left: `${((i + 0.5) / filled.length) * 100}%` }}>
                  {dayLabel(p.day, lang)}
                </span>
              ) : null;
            })}
          </div>
        </figure>
      )}
    </Card>
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
                <NewPerDay points={data.newPerDay} days={days} />
                <LevelBands levels={data.levels} />
              </div>
            </>
          )
        }
      </QueryState>
    </div>
  );
}
