/**
 * The history chart: ECharts 6 with modular imports only (core, line and bar charts, the components used, the
 * canvas renderer), so the bundle carries nothing else. No option → 暂无数据. Resizes 300 ms after the window or
 * its box changes (spec 1 §9).
 */
import { Empty } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_RESIZE_DELAY } from '../../lib/monitorHistory';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomSliderComponent,
  DataZoomInsideComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export interface HistoryChartProps {
  option: echarts.EChartsCoreOption | null;
  height?: number;
}

export function HistoryChart({ option, height = 420 }: HistoryChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!option || !box.current) return;
    if (!chart.current) chart.current = echarts.init(box.current);
    chart.current.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resize = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => chart.current?.resize(), CHART_RESIZE_DELAY);
    };
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver !== 'undefined' && box.current ? new ResizeObserver(resize) : undefined;
    if (observer && box.current) observer.observe(box.current);
    return () => {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} data-testid="monitor-chart" style={{ height, visibility: option ? 'visible' : 'hidden' }} />
      {!option && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noData')} data-testid="monitor-no-data" />
        </div>
      )}
    </div>
  );
}

export default HistoryChart;
