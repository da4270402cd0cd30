import { useMemo } from 'react';
import { Classes } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { DailyReport, DailyRow } from '../../shared/api/reports.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import { Later } from '../kit/Later.js';
import { useEndpointQuery } from '../kit/data.js';
import { ACTIVITY_SERIES, RETENTION_SERIES, activityOption, chartWords, retentionOption } from './charts.js';
import { CohortSection } from './CohortGrid.js';
import { DAILY_COLUMNS, formatDay, formatFigure, type ColumnDef, type FigureFormat } from './columns.js';
import { activityDrill, ordersOfDay, playersOfDay } from './drill.js';
import { FiguresTable } from './FiguresTable.js';
import { DAILY_GLOSSARY } from './Glossary.js';
import { useReportRange } from './RangeBar.js';
import { ReportExport } from './ReportExport.js';
import { ReportFrame } from './ReportFrame.js';

/** The series' names in the console's language: each a figure of the report. */
function seriesNames<K extends keyof DailyRow>(keys: readonly K[], t: TFunction): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, t(`reports.figure.${String(k)}`)])) as Record<K, string>;
}

const columnOf = (key: keyof DailyRow) => DAILY_COLUMNS.find((c) => c.key === key) as ColumnDef<DailyRow>;

/** The two charts of the daily report, each with the table of its figures beside it. */
function DailyCharts({ game, report }: { game: GameId; report: DailyReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const words = useMemo(() => chartWords(lang, report.currency), [lang, report.currency]);
  const activityNames = useMemo(() => seriesNames(ACTIVITY_SERIES, t), [t]);
  const retentionNames = useMemo(() => seriesNames(RETENTION_SERIES, t), [t]);
  const activity = useMemo(
    () => activityOption(report.days, report.currency, activityNames, words),
    [report, activityNames, words],
  );
  const retention = useMemo(
    () => retentionOption(report.days, retentionNames, words),
    [report, retentionNames, words],
  );
  const format: FigureFormat = { lang, currency: report.currency };
  const figures = (keys: readonly (keyof DailyRow)[]) => () => ({
    category: t('reports.figure.day'),
    series: keys.map((k) => t(`reports.figure.${k}`)),
    rows: report.days.map((d) => ({
      key: d.day,
      label: formatDay(d.day, lang),
      values: keys.map((k) => formatFigure(columnOf(k).kind, d[k], format)),
    })),
  });
  const name = `${game}-daily-${report.start}-${report.end}`;
  return (
    <div className="report-charts">
      <ChartPanel
        title={t('reports.daily.activity')}
        option={activity}
        figures={figures(ACTIVITY_SERIES)}
        fileName={`${name}-activity`}
        testId="daily-activity"
        onPick={(p) => {
          const day = report.days[p.dataIndex]?.day;
          const to = day ? activityDrill(game, p.seriesIndex, day, report.timeZone) : null;
          if (to) void navigate(to);
        }}
      />
      <ChartPanel
        title={t('reports.daily.retention')}
        option={retention}
        figures={figures(RETENTION_SERIES)}
        fileName={`${name}-retention`}
        testId="daily-retention"
      />
    </div>
  );
}

/** Every figure per day; a day's revenue and new players link to the rows behind them. */
function DailyTable({ game, report }: { game: GameId; report: DailyReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const cell = (c: ColumnDef<DailyRow>, row: DailyRow, text: string) => {
    const to =
      c.key === 'revenue'
        ? ordersOfDay(game, row.day, report.timeZone)
        : c.key === 'newPlayers'
          ? playersOfDay(game, row.day, report.timeZone)
          : null;
    if (!to) return text;
    const day = formatDay(row.day, lang);
    const label = t(c.key === 'revenue' ? 'reports.daily.ordersOf' : 'reports.daily.playersOf', { day });
    return (
      <Link to={to} aria-label={`${text}: ${label}`} title={label} data-testid={`drill-${c.key}-${row.day}`}>
        {text}
      </Link>
    );
  };
  return (
    <>
      <ReportExport
        endpoint="reports.daily"
        input={{ game, start: report.start, end: report.end }}
        rows="days"
        columns={DAILY_COLUMNS}
        currency={report.currency}
        title={`${t('page.dailyReport')} · ${GAMES[game].names[lang]}`}
        timeZone={report.timeZone}
        testId="daily-report"
      />
      <FiguresTable
        label={t('reports.daily.table')}
        columns={DAILY_COLUMNS}
        rows={report.days}
        rowKey={(r) => r.day}
        format={{ lang, currency: report.currency }}
        cell={cell}
        testId="daily-table"
      />
    </>
  );
}

/**
 * The daily report (spec: statis/dailyreport): a range of studio days in the URL, two charts of
 * its figures, the table of every figure per day, the cohort grid and how each figure is counted.
 * A figure that has rows behind it opens them: a day's revenue its orders, its new players them.
 */
export function DailyReportPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [range, setRange] = useReportRange();
  const report = useEndpointQuery('reports.daily', { game, ...range }, { keepPrevious: true });
  return (
    <ReportFrame
      testId="daily-report"
      range={range}
      onRange={setRange}
      report={report}
      failedTitle={t('reports.daily.loadFailed')}
      empty={(data) =>
        data.days.length === 0
          ? {
              icon: 'timeline-line-chart',
              title: t('reports.daily.empty'),
              description: t('reports.daily.emptyHelp'),
            }
          : null
      }
      glossary={DAILY_GLOSSARY}
      after={
        <Later>
          <CohortSection game={game} range={range} />
        </Later>
      }
    >
      {(data) => (
        <>
          <p className={Classes.TEXT_MUTED} data-testid="report-currency">
            {t('reports.daily.currency', { currency: data.currency })}
          </p>
          <DailyCharts game={game} report={data} />
          {/* A year is 365 rows of 12 figures: drawn once the charts are on their way. */}
          <Later>
            <DailyTable game={game} report={data} />
          </Later>
        </>
      )}
    </ReportFrame>
  );
}
