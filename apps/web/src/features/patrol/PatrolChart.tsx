/**
 * The charts of the patrol screens: ECharts with modular imports only (line, bar and pie charts, the components
 * used, the canvas renderer). No option or an empty one → 暂无数据. Resizes after the window or its box changes.
 */
import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../components/charts/useEChart';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export interface PatrolChartProps {
  option: ChartOption | null;
  height?: number;
  testId?: string;
}

export function PatrolChart({ option, height = 280, testId }: PatrolChartProps) {
  const { t } = useTranslation();
  const box = useEChart(option, 300);

  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      <div ref={box} style={{ height, visibility: option ? 'visible' : 'hidden' }} data-chart="echarts" />
      {!option && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('patrol.common.noData')} />
        </div>
      )}
    </div>
  );
}

export default PatrolChart;
