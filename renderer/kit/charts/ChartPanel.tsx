import { useCallback, useRef, type ReactNode } from 'react';
import { Button, Card, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { downloadDataUrl } from '../download.js';
import { useEffectiveTheme } from '../../theme/theme.js';
import { Later } from '../Later.js';
import { Chart, type ChartPick } from './Chart.js';
import type { ChartInstance, ChartOption } from './echarts.js';
import './charts.css';

/** The table beside a chart: its figures, one row per category, one column per series. */
export interface ChartFigures {
  /** The categories' column heading (a day, a provider...). */
  category: string;
  /** Series names, in the order of the chart's series. */
  series: readonly string[];
  rows: readonly { key: string; label: ReactNode; values: readonly ReactNode[] }[];
}

export interface ChartPanelProps {
  title: string;
  option: ChartOption;
  /** The figures, or how to make them: made when the table is drawn, after the chart. */
  figures: ChartFigures | (() => ChartFigures);
  /** The picture's file name, without extension. */
  fileName: string;
  testId: string;
  height?: number;
  caption?: ReactNode;
  onPick?: (pick: ChartPick) => void;
}

function FiguresTable({ label, figures }: { label: string; figures: ChartPanelProps['figures'] }) {
  const made = typeof figures === 'function' ? figures() : figures;
  return (
    <HTMLTable compact striped aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{made.category}</th>
          {made.series.map((s) => (
            <th scope="col" key={s} className="cell-figure">
              {s}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {made.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {row.values.map((v, i) => (
              <td key={made.series[i] ?? i} className="cell-figure">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * A chart with what every chart of the console has: a title, the table of its figures beside it
 * (the chart for the eye, the table for exact figures, screen readers and copying), and its
 * picture saved as PNG.
 */
export function ChartPanel({
  title,
  option,
  figures,
  fileName,
  testId,
  height,
  caption,
  onPick,
}: ChartPanelProps) {
  const { t } = useTranslation();
  const dark = useEffectiveTheme() === 'dark';
  const chart = useRef<ChartInstance | null>(null);
  const onChart = useCallback((made: ChartInstance | null) => {
    chart.current = made;
  }, []);
  const savePng = () => {
    const made = chart.current;
    if (!made) return;
    // The page's background, so the picture reads the same pasted anywhere.
    const url = made.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: dark ? '#1c2127' : '#ffffff',
    });
    downloadDataUrl(url, `${fileName}.png`);
  };
  return (
    <Card className="kit-chart-panel" data-testid={testId}>
      <div className="kit-chart-head">
        <H4>{title}</H4>
        <Button
          size="small"
          icon="media"
          text={t('kit.chart.savePng')}
          onClick={savePng}
          data-testid={`${testId}-png`}
        />
      </div>
      {caption}
      <div className="kit-chart-body">
        <Chart
          option={option}
          label={title}
          testId={`${testId}-chart`}
          onChart={onChart}
          {...(height === undefined ? {} : { height })}
          {...(onPick ? { onPick } : {})}
        />
        {/* Scrolls when the figures are many: reachable by keyboard, named for screen readers. */}
        <div
          className="kit-chart-figures"
          data-testid={`${testId}-figures`}
          tabIndex={0}
          role="region"
          aria-label={`${title}: ${t('kit.chart.figures')}`}
        >
          {/* A year of figures is hundreds of rows: drawn once the chart is on its way. */}
          <Later>
            <FiguresTable label={`${title}: ${t('kit.chart.figures')}`} figures={figures} />
          </Later>
        </div>
      </div>
    </Card>
  );
}
