/** A node's or link's 24 h curves (ECharts, modular imports: line chart only). */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const hhmm = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String((s % 3600) / 60).padStart(2, '0')}`;

export function Curves({
  times,
  series,
  testId,
  sameAxis = false,
}: {
  times: number[];
  series: { name: string; values: (number | null)[] }[];
  testId?: string;
  /** one y axis for every series (simulated against measured) */
  sameAxis?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    chart.current ??= echarts.init(box.current);
    chart.current.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: 48, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: times.map(hhmm) },
        yAxis: sameAxis
          ? [{ type: 'value', scale: true }]
          : series.map((_, i) => ({ type: 'value', position: i === 0 ? 'left' : 'right', scale: true })),
        series: series.map((s, i) => ({
          name: s.name,
          type: 'line',
          yAxisIndex: sameAxis ? 0 : i,
          showSymbol: false,
          data: s.values.map((v) => (v === null ? null : Math.round(v * 1000) / 1000)),
        })),
      },
      { notMerge: true },
    );
  }, [times, series, sameAxis]);
  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );
  return <div ref={box} data-testid={testId} style={{ height: 260 }} />;
}

export { hhmm };
