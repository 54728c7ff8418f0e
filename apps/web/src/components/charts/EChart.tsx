/**
 * One ECharts box for the feature screens (modular imports only: line, bar, pie, the components they use, canvas);
 * an empty state in place of the chart while there is no option. Shared by the DMA and water-quality screens.
 */
import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from './useEChart';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export function EChart({
  option,
  height = 320,
  testId,
  emptyText,
}: {
  option: echarts.EChartsCoreOption | null;
  height?: number;
  testId?: string;
  /** shown while there is no option (antd's own 暂无数据 / No data by default) */
  emptyText?: string;
}) {
  const box = useEChart(option);
  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} data-testid={testId} style={{ height, visibility: option ? 'visible' : 'hidden' }} />
      {!option && (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Empty description={emptyText} />
        </div>
      )}
    </div>
  );
}
