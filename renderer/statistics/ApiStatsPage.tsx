import { useMemo } from 'react';
import { Button, ButtonGroup, Callout, Card, Classes, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ApiStats } from '../../shared/api/statistics.js';
import type { GameId } from '../../shared/games.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { ChartPanel } from '../kit/charts/ChartPanel.js';
import { useEndpointQuery } from '../kit/data.js';
import { DataTable } from '../kit/table.js';
import { formatCount } from '../players/cellFormat.js';
import { HOURS, callsByHour, callsHeatOption } from './charts.js';
import { endpointColumns, tableColumns } from './columns.js';
import { RangeBar } from './RangeBar.js';
import { StatsExport } from './StatsExport.js';
import { rangeOf } from './range.js';
import { useUrlPatch } from './urlPatch.js';
import './statistics.css';

const SCOPES = ['game', 'all'] as const;
type Scope = (typeof SCOPES)[number];

/** The calls as a heat map of days by hour, its figures beside it, and each endpoint's figures. */
function ApiFigures({ game, stats }: { game: GameId; stats: ApiStats }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const days = useMemo(() => callsByHour(stats), [stats]);
  const calls = t('statistics.column.calls');
  const option = useMemo(() => callsHeatOption(days, calls), [days, calls]);
  if (stats.endpoints.length === 0)
    return (
      <Callout data-testid="api-stats-empty">
        {t('statistics.api.empty', { start: stats.start, end: stats.end })}
      </Callout>
    );
  return (
    <>
      <ChartPanel
        title={t('statistics.api.chartTitle')}
        option={option}
        testId="api-chart"
        fileName={`${game}-api-calls-${stats.start}-${stats.end}`}
        height={Math.max(200, 80 + days.length * 24)}
        figures={{
          category: t('statistics.column.day'),
          series: HOURS,
          rows: days.map((d) => ({
            key: d.day,
            label: d.day,
            values: d.hours.map((n) => formatCount(n, lang)),
          })),
        }}
      />
      <Card className="stats-card">
        <div className="stats-card-head">
          <H4>{t('statistics.api.byEndpoint')}</H4>
          <StatsExport
            game={game}
            page="apiStats"
            endpoint="apiStats.hours"
            input={{ game, start: stats.start, end: stats.end, scope: stats.scope }}
            rows="endpoints"
            columns={endpointColumns}
            range={{ start: stats.start, end: stats.end }}
            zone={stats.timeZone}
            filters={[
              { label: t('statistics.api.scopeLabel'), value: t(`statistics.api.scope.${stats.scope}`) },
            ]}
            testId="api-endpoints"
          />
        </div>
        <p className={Classes.TEXT_MUTED}>
          {t('statistics.api.percentiles', { buckets: stats.bucketsMs.join(', ') })}
        </p>
        <DataTable
          rows={stats.endpoints}
          columns={tableColumns(
            endpointColumns,
            { t, lang, zone: stats.timeZone },
            {
              endpoint: (r) => <span data-testid={`api-endpoint-${r.endpoint}`}>{r.endpoint}</span>,
              calls: (r) => <span data-testid={`api-calls-${r.endpoint}`}>{formatCount(r.calls, lang)}</span>,
              errors: (r) => (
                <span data-testid={`api-errors-${r.endpoint}`}>{formatCount(r.errors, lang)}</span>
              ),
            },
          )}
          dependencies={[lang]}
          label={t('statistics.api.byEndpoint')}
          testId="api-endpoints"
        />
      </Card>
    </>
  );
}

/** API statistics: the backend's own measurements of its calls, per endpoint and hour. */
export function ApiStatsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [params, patch] = useUrlPatch();
  const range = rangeOf(params, 1);
  const scope: Scope = params.get('scope') === 'all' ? 'all' : 'game';
  const stats = useEndpointQuery('apiStats.hours', { game, ...range, scope }, { keepPrevious: true });
  return (
    <div className="stats-page" data-testid="api-stats">
      <RangeBar
        key={`${range.start}/${range.end}`}
        range={range}
        onApply={(r) => patch({ start: r.start, end: r.end })}
        zone={stats.data?.timeZone}
        testId="api-range"
      >
        <ButtonGroup aria-label={t('statistics.api.scopeLabel')}>
          {SCOPES.map((s) => (
            <Button
              key={s}
              text={t(`statistics.api.scope.${s}`)}
              active={s === scope}
              onClick={() => patch({ scope: s === 'game' ? null : s })}
              data-testid={`api-scope-${s}`}
            />
          ))}
        </ButtonGroup>
        <Button
          icon="refresh"
          text={t('statistics.api.reload')}
          onClick={() => void stats.refetch()}
          data-testid="api-reload"
        />
        <RefetchSpinner query={stats} />
      </RangeBar>
      <QueryState query={stats} failedTitle={t('statistics.api.loadFailed')} errorTestId="api-stats-error">
        {(data) => <ApiFigures game={game} stats={data} />}
      </QueryState>
    </div>
  );
}
