import { Callout, Card, Classes, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_COHORT_DAYS, type CohortGrid as Grid } from '../../shared/api/reports.js';
import type { GameId } from '../../shared/games.js';
import { QueryState } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { cohortRows, cohortWidth, heatStep } from './cohorts.js';
import { formatDay, formatFigure, formatRatio, NO_FIGURE } from './columns.js';
import { playersOfDay } from './drill.js';
import { cohortRange, daysIn, type DayRange } from './range.js';
import { addDays } from '../../shared/days.js';

function GridTable({ game, grid }: { game: GameId; grid: Grid }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const rows = cohortRows(grid);
  const width = cohortWidth(grid);
  if (rows.every((r) => r.size === 0))
    return <p className={Classes.TEXT_MUTED}>{t('reports.cohort.none')}</p>;
  return (
    <div className="report-table" tabIndex={0} role="region" aria-label={t('reports.cohort.title')}>
      <HTMLTable
        compact
        className="cohort-grid"
        data-testid="cohort-grid"
        aria-label={t('reports.cohort.title')}
      >
        <thead>
          <tr>
            <th scope="col">{t('reports.cohort.cohort')}</th>
            <th scope="col" className="cell-figure">
              {t('reports.cohort.size')}
            </th>
            {Array.from({ length: width }, (_, k) => (
              <th scope="col" key={k} className="cell-figure">
                {t('reports.cohort.offset', { k })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const to = playersOfDay(game, row.day, grid.timeZone);
            const day = formatDay(row.day, lang);
            return (
              <tr key={row.day} data-testid={`cohort-row-${row.day}`}>
                <th scope="row">{to ? <Link to={to}>{day}</Link> : day}</th>
                <td className="cell-figure">{formatFigure('count', row.size, { lang })}</td>
                {row.cells.map((c) => {
                  if (c.players === null)
                    return (
                      <td
                        key={c.k}
                        className="cohort-cell cohort-cell-future"
                        title={t('reports.cohort.notYet')}
                      >
                        {NO_FIGURE}
                      </td>
                    );
                  const share = formatRatio(c.share, lang);
                  const cell = playersOfDay(game, row.day, grid.timeZone, addDays(row.day, c.k));
                  const step = c.share === null ? null : heatStep(c.share);
                  return (
                    <td
                      key={c.k}
                      className="cohort-cell"
                      data-testid={`cohort-cell-${row.day}-${c.k}`}
                      style={step ? { background: step.background, color: step.color } : undefined}
                      title={t('reports.cohort.cell', {
                        share,
                        day,
                        k: c.k,
                        players: formatFigure('count', c.players, { lang }),
                      })}
                      onClick={cell ? () => void navigate(cell) : undefined}
                    >
                      {share}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/**
 * The cohort retention grid of the report's range (its last MAX_COHORT_DAYS days when longer):
 * the figure in every cell, its heat colour beside it, a cell or a row's day opening the cohort's
 * players.
 */
export function CohortSection({ game, range }: { game: GameId; range: DayRange }) {
  const { t } = useTranslation();
  const part = cohortRange(range);
  const input = { game, start: part?.start ?? range.start, end: part?.end ?? range.end };
  const grid = useEndpointQuery('reports.cohorts', input, { enabled: part !== null, keepPrevious: true });
  if (!part) return null;
  return (
    <Card className="report-cohorts" data-testid="report-cohorts">
      <H4>{t('reports.cohort.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('reports.cohort.help')}</p>
      {daysIn(range) > MAX_COHORT_DAYS && (
        <Callout data-testid="cohort-part">{t('reports.range.cohortPart', { n: MAX_COHORT_DAYS })}</Callout>
      )}
      <QueryState query={grid} failedTitle={t('reports.cohort.loadFailed')} errorTestId="cohort-error">
        {(data) => <GridTable game={game} grid={data} />}
      </QueryState>
    </Card>
  );
}
