import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H4 } from '@blueprintjs/core';
import type { ShopDailyReport } from '../../shared/api/reports.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { addDays } from '../../shared/days.js';
import { useLanguage } from '../i18n/i18n.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import { useEndpointQuery } from '../kit/data.js';
import { chartWords, shopRevenueOption } from './charts.js';
import { SHOP_DAY_COLUMNS, SHOP_ITEM_COLUMNS, formatDay, formatFigure, shopTotals } from './columns.js';
import { FiguresTable } from './FiguresTable.js';
import { ReportExport } from './ReportExport.js';
import { SHOP_GLOSSARY } from './Glossary.js';
import { useReportRange } from './RangeBar.js';
import { ReportFrame } from './ReportFrame.js';
import { daysIn } from './range.js';

/** Every day of the report's range, quiet days included, so the bars stand at their dates. */
function rangeDays(report: ShopDailyReport): string[] {
  return Array.from({ length: Math.max(0, daysIn(report)) }, (_, i) => addDays(report.start, i));
}

function ShopBody({ game, report }: { game: GameId; report: ShopDailyReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items = useMemo(() => shopTotals(report.rows), [report]);
  const days = useMemo(() => rangeDays(report), [report]);
  const revenue = useMemo(() => {
    const by = new Map(report.rows.map((r) => [`${r.day}/${r.itemId}`, r.revenue]));
    return (day: string, itemId: number) => by.get(`${day}/${itemId}`) ?? 0;
  }, [report]);
  const words = useMemo(() => chartWords(lang), [lang]);
  const option = useMemo(() => shopRevenueOption(days, items, revenue, words), [days, items, revenue, words]);
  const count = (n: number) => formatFigure('count', n, { lang });
  return (
    <>
      <ChartPanel
        title={t('reports.shop.chart')}
        option={option}
        testId="shop-revenue"
        fileName={`${game}-shop-${report.start}-${report.end}`}
        height={320}
        figures={{
          category: t('reports.figure.day'),
          series: items.map((i) => i.item),
          rows: days.map((day) => ({
            key: day,
            label: formatDay(day, lang),
            values: items.map((i) => count(revenue(day, i.itemId))),
          })),
        }}
      />
      <Card className="report-section">
        <H4>{t('reports.shop.byItem')}</H4>
        <FiguresTable
          label={t('reports.shop.byItem')}
          columns={SHOP_ITEM_COLUMNS}
          rows={items}
          rowKey={(r) => String(r.itemId)}
          format={{ lang }}
          testId="shop-items"
        />
      </Card>
      <Card className="report-section">
        <H4>{t('reports.shop.byDay')}</H4>
        <ReportExport
          endpoint="reports.shopDaily"
          input={{ game, start: report.start, end: report.end }}
          rows="rows"
          columns={SHOP_DAY_COLUMNS}
          title={`${t('page.shopDailyReport')} · ${GAMES[game].names[lang]}`}
          timeZone={report.timeZone}
          testId="shop-report"
        />
        <FiguresTable
          label={t('reports.shop.byDay')}
          columns={SHOP_DAY_COLUMNS}
          rows={report.rows}
          rowKey={(r) => `${r.day}/${r.itemId}`}
          format={{ lang }}
          testId="shop-days"
        />
      </Card>
    </>
  );
}

/**
 * The shop daily report (spec: statis/shopdailyreport): per day and shop item, purchases, units,
 * revenue (in the game's own currency) and buyers; the revenue per day stacked by item, and the
 * items over the range.
 */
export function ShopDailyReportPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [range, setRange] = useReportRange();
  const report = useEndpointQuery('reports.shopDaily', { game, ...range }, { keepPrevious: true });
  return (
    <ReportFrame
      testId="shop-report"
      range={range}
      onRange={setRange}
      report={report}
      failedTitle={t('reports.shop.loadFailed')}
      empty={(data) =>
        data.rows.length === 0
          ? { icon: 'shop', title: t('reports.shop.none'), description: t('reports.shop.noneHelp') }
          : null
      }
      glossary={SHOP_GLOSSARY}
    >
      {(data) => <ShopBody game={game} report={data} />}
    </ReportFrame>
  );
}
