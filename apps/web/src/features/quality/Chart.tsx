/** An ECharts box for the quality screens (modular imports only: line and bar, the components used, canvas). */
import { Empty } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

export function Chart({
  option,
  height = 320,
  testId,
}: {
  option: echarts.EChartsCoreOption | null;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!option || !box.current) return;
    if (!chart.current) chart.current = echarts.init(box.current);
    chart.current.setOption(option, { notMerge: true });
  }, [option]);
  useEffect(() => {
    const resize = () => chart.current?.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} data-testid={testId} style={{ height, visibility: option ? 'visible' : 'hidden' }} />
      {!option && (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Empty description={t('quality.noData')} />
        </div>
      )}
    </div>
  );
}
