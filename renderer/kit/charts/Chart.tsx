import { useEffect, useRef, useState } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/i18n.js';
import { useEffectiveTheme } from '../../theme/theme.js';
import type { ChartInstance, ChartOption } from './echarts.js';

type ChartsModule = typeof import('./echarts.js');

let loading: Promise<ChartsModule> | undefined;

/** ECharts, fetched with the first chart drawn; a failed fetch is tried again next time. */
export function loadCharts(): Promise<ChartsModule> {
  loading ??= import('./echarts.js').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** A bar, point or cell the operator clicked: which series, which item, and its category. */
export interface ChartPick {
  seriesIndex: number;
  dataIndex: number;
  name: string;
}

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
  height?: number;
  testId?: string;
  onPick?: (pick: ChartPick) => void;
  /** Receives the drawn chart (for its picture), and null once it is gone. */
  onChart?: (chart: ChartInstance | null) => void;
}

/** The mark a drawn chart leaves, for the bench: from a screen's first paint to the chart's. */
export const CHART_DRAWN_MARK = 'chart-drawn';

/**
 * One ECharts chart on canvas, in the console's language and theme (drawn again when either
 * changes), sized to its box. `data-drawn` is set once ECharts has finished its first frame.
 */
export function Chart({ option, label, height = 280, testId, onPick, onChart }: ChartProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dark = useEffectiveTheme() === 'dark';
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const [mod, setMod] = useState<ChartsModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    let live = true;
    if (!failed)
      loadCharts().then(
        (m) => live && setMod(m),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [failed]);

  // The instance lives as long as its module, theme and language: ECharts takes both at init.
  useEffect(() => {
    const el = box.current;
    if (!mod || !el) return;
    const made = mod.createChart(el, dark, language);
    chart.current = made;
    made.on('click', (p) => {
      const at = p as { seriesIndex?: number; dataIndex?: number; name?: string };
      pick.current?.({ seriesIndex: at.seriesIndex ?? 0, dataIndex: at.dataIndex ?? 0, name: at.name ?? '' });
    });
    const resize = new ResizeObserver(() => made.resize());
    resize.observe(el);
    onChart?.(made);
    return () => {
      resize.disconnect();
      onChart?.(null);
      made.dispose();
      chart.current = null;
      setDrawn(false);
    };
  }, [mod, dark, language, onChart]);

  useEffect(() => {
    const made = chart.current;
    if (!made) return;
    const finished = () => {
      made.off('finished', finished);
      performance.mark(CHART_DRAWN_MARK);
      setDrawn(true);
    };
    made.on('finished', finished);
    made.setOption(option, { notMerge: true });
    return () => void made.off('finished', finished);
  }, [option, mod, dark, language]);

  if (failed) {
    return (
      <div className="kit-chart-failed" data-testid={testId ? `${testId}-failed` : undefined}>
        <NonIdealState
          icon="chart"
          title={t('kit.chart.loadFailed')}
          description={t('kit.chart.loadFailedHelp')}
          action={<Button text={t('kit.chart.retry')} onClick={() => setFailed(false)} />}
        />
      </div>
    );
  }
  return (
    <div className="kit-chart" style={{ height }}>
      <div
        ref={box}
        className="kit-chart-canvas"
        role="img"
        aria-label={label}
        data-testid={testId}
        data-drawn={drawn ? 'true' : 'false'}
        style={{ height }}
      />
      {!mod && (
        <div className="kit-chart-loading">
          <Spinner size={24} aria-label={t('kit.chart.loading')} />
        </div>
      )}
    </div>
  );
}
