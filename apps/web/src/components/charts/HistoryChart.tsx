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
import { useTranslation } from 'react-i18next';
import { CHART_RESIZE_DELAY } from '../../lib/monitorHistory';
import { useEChart } from './useEChart';

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
  const box = useEChart(option, CHART_RESIZE_DELAY);

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
