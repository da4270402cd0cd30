import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Classes, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ChargeStats, RechargeStats } from '../../shared/api/reports.js';
import type { GameId } from '../../shared/games.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { formatMoney, minorDigits } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import type { ChartPick } from '../kit/charts/Chart.js';
import { useEndpointQuery } from '../kit/data.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import {
  DEFAULT_RECHARGE_DAYS,
  RECHARGE_PARAMS,
  chargesOption,
  chargesPerDay,
  dayProviderGrid,
  knownStudioZone,
  packOption,
  payersOption,
  rechargeRange,
  rememberStudioZone,
  revenueByDayOption,
} from './rechargeOptions.js';
import { ReadFromNote } from '../kit/ReadFromNote.js';
import type { ReportFile } from './ReportExport.js';
import { FiguresTable } from './RechargeTables.js';
import { ordersOfDay } from './drill.js';
import './recharge.css';

const shortDay = (day: string) => day.slice(5);
const majorOf = (currency: string | undefined) => {
  const scale = 10 ** minorDigits(currency);
  return (minor: number) => minor / scale;
};

/** The range's two studio days, kept in the URL; "last 30 days" drops both (the default). */
function RangeBar({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation();
  const [, setParams] = useUrlSearch();
  const set = (name: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const reset = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(RECHARGE_PARAMS.start);
      next.delete(RECHARGE_PARAMS.end);
      return next;
    });
  return (
    <div className="toolbar recharge-range">
      <FormGroup inline label={t('reports.recharge.start')} labelFor="recharge-start">
        <InputGroup
          id="recharge-start"
          type="date"
          value={start}
          onChange={(e) => set(RECHARGE_PARAMS.start, e.currentTarget.value)}
          data-testid="recharge-start"
        />
      </FormGroup>
      <FormGroup inline label={t('reports.recharge.end')} labelFor="recharge-end">
        <InputGroup
          id="recharge-end"
          type="date"
          value={end}
          onChange={(e) => set(RECHARGE_PARAMS.end, e.currentTarget.value)}
          data-testid="recharge-end"
        />
      </FormGroup>
      <Button
        text={t('reports.recharge.lastDays', { n: DEFAULT_RECHARGE_DAYS })}
        onClick={reset}
        data-testid="recharge-default-range"
      />
    </div>
  );
}

/** Revenue by day, stacked by provider; a click on a provider's part opens those orders. */
function RevenueByDay({ game, stats }: { game: GameId; stats: RechargeStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const grid = useMemo(() => dayProviderGrid(stats), [stats]);
  const currency = stats.days[0]?.currency;
  const provider = (p: string) => t(`orders.provider.${p}`, { defaultValue: p });
  const option = useMemo(
    () => revenueByDayOption(grid, { provider, day: shortDay }, majorOf(currency)),
    // `provider` follows the language, which `lang` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [grid, currency, lang],
  );
  const ordersOf = (day: string, p: string) => ordersOfDay(game, day, stats.timeZone, p);
  const pick = ({ seriesIndex, dataIndex }: ChartPick) => {
    const p = grid.providers[seriesIndex];
    const day = grid.days[dataIndex];
    const to = p && day ? ordersOf(day, p) : null;
    if (to) navigate(to);
  };
  // The same orders from the figures, by keyboard: each amount links to them.
  const figure = (day: string, p: string, amount: number) => {
    const text = formatMoney(amount, currency, lang);
    const to = amount === 0 ? null : ordersOf(day, p);
    return !to ? (
      text
    ) : (
      <Link to={to} data-testid={`recharge-orders-${day}-${p}`}>
        {text}
      </Link>
    );
  };
  return (
    <ChartPanel
      title={t('reports.recharge.revenueByDay')}
      option={option}
      testId="recharge-revenue-by-day"
      fileName={`${game}-revenue-${stats.start}-${stats.end}`}
      caption={<p className={Classes.TEXT_MUTED}>{t('reports.recharge.pickHelp')}</p>}
      onPick={pick}
      figures={{
        category: t('reports.recharge.col.day'),
        series: grid.providers.map(provider),
        rows: grid.days.map((day, i) => ({
          key: day,
          label: day,
          values: grid.providers.map((p, n) => figure(day, p, grid.revenue[n]?.[i] ?? 0)),
        })),
      }}
    />
  );
}

function Payers({ game, stats }: { game: GameId; stats: RechargeStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const paying = t('reports.recharge.col.payingPlayers');
  const first = t('reports.recharge.col.firstTimePayers');
  const option = useMemo(
    () => payersOption(stats.days, { paying, first, day: shortDay }),
    [stats.days, paying, first],
  );
  return (
    <ChartPanel
      title={t('reports.recharge.payers')}
      option={option}
      testId="recharge-payers"
      fileName={`${game}-payers-${stats.start}-${stats.end}`}
      height={220}
      figures={{
        category: t('reports.recharge.col.day'),
        series: [paying, first],
        rows: stats.days.map((d) => ({
          key: d.day,
          label: d.day,
          values: [d.payingPlayers.toLocaleString(lang), d.firstTimePayers.toLocaleString(lang)],
        })),
      }}
    />
  );
}

function Packs({ game, stats }: { game: GameId; stats: RechargeStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = stats.days[0]?.currency;
  const packs = stats.byPack.filter((p) => p.currency === currency);
  const series = t('reports.recharge.col.revenue');
  const option = useMemo(() => packOption(packs, series, majorOf(currency)), [packs, series, currency]);
  if (packs.length === 0) return null;
  return (
    <ChartPanel
      title={t('reports.recharge.byPack')}
      option={option}
      testId="recharge-packs"
      fileName={`${game}-packs-${stats.start}-${stats.end}`}
      height={Math.max(160, packs.length * 28 + 48)}
      figures={{
        category: t('reports.recharge.col.pack'),
        series: [series, t('reports.recharge.col.payments')],
        rows: packs.map((p) => ({
          key: p.pack,
          label: p.pack,
          values: [formatMoney(p.revenue, p.currency, lang), p.payments.toLocaleString(lang)],
        })),
      }}
    />
  );
}

/** The tables of the range's payments grouped one way each. */
const GROUPS = [
  { table: 'byProvider', by: 'provider', testId: 'recharge-by-provider' },
  { table: 'byCurrency', by: 'currency', testId: 'recharge-by-currency' },
  { table: 'byPack', by: 'pack', testId: 'recharge-by-pack' },
  { table: 'byChannel', by: 'channel', testId: 'recharge-by-channel' },
] as const;

/** The file of one of the recharge statistics' tables. */
function rechargeFile(game: GameId, stats: RechargeStats, rows: string, table: string): ReportFile {
  return {
    endpoint: 'reports.recharge',
    input: { game, start: stats.start, end: stats.end },
    rows,
    title: table,
    timeZone: stats.timeZone,
  };
}

/** The recharge statistics: every chart with its figures, then a table per dimension. */
function RechargeSection({ game, stats }: { game: GameId; stats: RechargeStats }) {
  const { t } = useTranslation();
  const provider = (key: string, v: string) =>
    key === 'provider' ? t(`orders.provider.${v}`, { defaultValue: v }) : v;
  const none = <p className={Classes.TEXT_MUTED}>{t('reports.recharge.noPayments')}</p>;
  return (
    <section className="recharge-section" data-testid="recharge-stats">
      <div className="recharge-charts">
        <RevenueByDay game={game} stats={stats} />
        <Payers game={game} stats={stats} />
        <Packs game={game} stats={stats} />
      </div>
      <FiguresTable
        table="days"
        title={t('reports.recharge.perDay')}
        rows={stats.days}
        rowKey={(row) => String(row['day'])}
        testId="recharge-days"
        file={rechargeFile(game, stats, 'days', t('reports.recharge.perDay'))}
      />
      <div className="recharge-tables">
        {GROUPS.map((g) => (
          <FiguresTable
            key={g.table}
            table={g.table}
            title={t(`reports.recharge.${g.table}`)}
            rows={stats[g.table]}
            rowKey={(row) => `${String(row[g.by])}/${String(row['currency'])}`}
            testId={g.testId}
            name={provider}
            empty={none}
            file={rechargeFile(game, stats, g.table, t(`reports.recharge.${g.table}`))}
          />
        ))}
      </div>
    </section>
  );
}

/** The player service's charge statistics: purchases delivered to the game per day and pack. */
function ChargeSection({ game, stats }: { game: GameId; stats: ChargeStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const perDay = useMemo(() => chargesPerDay(stats), [stats]);
  const charges = t('reports.recharge.col.charges');
  const refunded = t('reports.recharge.col.chargesRefunded');
  const option = useMemo(
    () => chargesOption(perDay, { charges, refunded, day: shortDay }),
    [perDay, charges, refunded],
  );
  return (
    <section className="recharge-section" data-testid="charge-stats">
      <H3>{t('reports.recharge.chargeTitle')}</H3>
      <p className={Classes.TEXT_MUTED}>{t('reports.recharge.chargeHelp')}</p>
      <ChartPanel
        title={t('reports.recharge.chargesPerDay')}
        option={option}
        testId="charge-per-day"
        fileName={`${game}-charges-${stats.start}-${stats.end}`}
        height={220}
        figures={{
          category: t('reports.recharge.col.day'),
          series: [charges, refunded],
          rows: perDay.map((d) => ({
            key: d.day,
            label: d.day,
            values: [d.charges.toLocaleString(lang), d.refunded.toLocaleString(lang)],
          })),
        }}
      />
      <FiguresTable
        table="charges"
        title={t('reports.recharge.chargesPerPack')}
        rows={stats.rows}
        rowKey={(r) => `${String(r['day'])}/${String(r['pack'])}/${String(r['currency'])}`}
        testId="charge-rows"
        file={{
          endpoint: 'reports.charge',
          input: { game, start: stats.start, end: stats.end },
          rows: 'rows',
          title: `${t('reports.recharge.chargeTitle')} · ${t('reports.recharge.chargesPerPack')}`,
          timeZone: stats.timeZone,
        }}
        empty={<p className={Classes.TEXT_MUTED}>{t('reports.recharge.noCharges')}</p>}
      />
    </section>
  );
}

/**
 * Recharge statistics (spec: recharge/statis) with the player service's charge statistics, over a
 * range of studio days kept in the URL (the last 30 by default). Bad ranges are the server's to
 * refuse: its message says what to change.
 */
export function RechargeStatsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [params] = useUrlSearch();
  const [zone, setZone] = useState(knownStudioZone);
  const range = rechargeRange(params, zone, new Date());
  const input = { game, start: range.start, end: range.end };
  const recharge = useEndpointQuery('reports.recharge', input, { keepPrevious: true });
  const charge = useEndpointQuery('reports.charge', input, { keepPrevious: true });
  const answeredZone = recharge.data?.timeZone;
  useEffect(() => {
    // The first answer names the studio's zone: a default range is counted again in it.
    if (answeredZone && answeredZone !== zone) {
      rememberStudioZone(answeredZone);
      setZone(answeredZone);
    }
  }, [answeredZone, zone]);
  return (
    <div className="recharge-page" data-testid="recharge-page">
      <RangeBar start={range.start} end={range.end} />
      <Callout icon="time" className="recharge-zone" data-testid="recharge-zone">
        {t('reports.recharge.zone', { zone: answeredZone ?? zone })}
        <RefetchSpinner query={recharge} />
        <ReadFromNote from={recharge.data?.readFrom} />
      </Callout>
      <QueryState query={recharge} failedTitle={t('reports.recharge.failed')} errorTestId="recharge-error">
        {(stats) => <RechargeSection game={game} stats={stats} />}
      </QueryState>
      <QueryState query={charge} failedTitle={t('reports.recharge.chargeFailed')} errorTestId="charge-error">
        {(stats) => <ChargeSection game={game} stats={stats} />}
      </QueryState>
    </div>
  );
}
