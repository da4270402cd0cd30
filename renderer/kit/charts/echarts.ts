import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The one place ECharts is put together: only the charts and parts the console draws (lines,
 * bars, a heat map; grid, tooltip, zoom, legend, the heat map's scale) on canvas. This module is
 * loaded with the first chart a screen draws (see Chart.tsx), never with the console's start.
 * ECharts' core carries its English and Chinese texts and its dark theme.
 */
registerParts([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
>;

export type ChartInstance = EChartsType;

export function createChart(el: HTMLElement, dark: boolean, language: 'zh-CN' | 'en'): ChartInstance {
  return init(el, dark ? 'dark' : undefined, {
    renderer: 'canvas',
    locale: language === 'zh-CN' ? 'ZH' : 'EN',
  });
}
