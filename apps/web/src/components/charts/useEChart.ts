/**
 * The ECharts instance behind a chart box, shared by the chart components (EChart, HistoryChart, PatrolChart):
 * created on the first option, every option set whole (`notMerge`), resized when the window or its box changes size,
 * disposed with the component. The box is watched as well as the window because a chart can be made while its box
 * has no width (its tab's pane hidden when the data arrived) and must take the width the box gets when shown. With
 * `resizeDelay` the resize waits that long after the last change; without it the chart resizes at once. Each chart
 * registers the ECharts pieces it uses itself.
 */
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

export function useEChart(option: echarts.EChartsCoreOption | null, resizeDelay?: number) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!option || !box.current) return;
    if (!chart.current) chart.current = echarts.init(box.current);
    chart.current.setOption(option, { notMerge: true });
  }, [option]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the delay is fixed for a chart's life
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resize =
      resizeDelay === undefined
        ? () => chart.current?.resize()
        : () => {
            if (timer) clearTimeout(timer);
            timer = setTimeout(() => chart.current?.resize(), resizeDelay);
          };
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver !== 'undefined' && box.current ? new ResizeObserver(resize) : undefined;
    if (observer && box.current) observer.observe(box.current);
    return () => {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      if (timer) clearTimeout(timer);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  return box;
}
