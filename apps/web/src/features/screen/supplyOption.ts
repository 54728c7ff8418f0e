/** The ECharts option of today's supply: plan as a line, the actual as bars, styled for the dark screens. */
import dayjs from 'dayjs';

export function supplyOption(
  plan: { hours: string[]; plan: (number | null)[]; actual: (number | null)[] },
  labels: { plan: string; actual: string },
) {
  const axis = { axisLine: { lineStyle: { color: '#3a5f8f' } }, axisLabel: { color: '#8fa8cc', fontSize: 14 } };
  return {
    animation: false,
    legend: { data: [labels.plan, labels.actual], textStyle: { color: '#d6e4ff', fontSize: 14 } },
    grid: { left: 70, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: plan.hours.map((h) => dayjs(h).format('HH')), ...axis },
    yAxis: { type: 'value', name: 'm³/h', splitLine: { lineStyle: { color: '#133766' } }, ...axis },
    series: [
      { name: labels.plan, type: 'line', data: plan.plan, lineStyle: { type: 'dashed', color: '#ffd666' } },
      { name: labels.actual, type: 'bar', data: plan.actual, itemStyle: { color: '#36cfc9' } },
    ],
  };
}
