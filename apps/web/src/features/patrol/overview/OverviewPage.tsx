/**
 * 巡检总览: the patrol office's dashboard over a time range (default the last 30 days) and a department (with its
 * sub-teams): index figures, order trend, order source, average handling time by event type, patrol analysis by
 * team, event analysis, task and order status pies, the statistics report (line and list by day, month or year)
 * and the people ranking. Every section loads on its own, in parallel, so the figures show as soon as they arrive.
 */
import { Card, Col, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dimension, overviewApi } from '../../../api/patrol';
import { useLoadDeps } from '../../../lib/useLoadDeps';
import { nameOf } from '../common';
import { type ChartOption, PatrolChart } from '../PatrolChart';
import { averageChart, patrolChart, pie, reportLineChart, trendChart } from './charts';
import { IndexFigures, OverviewFilters } from './OverviewFilters';
import { ReportCard } from './ReportCard';
import { defaultRange, overviewQuery } from './range';

export { defaultRange, overviewQuery } from './range';

export default function OverviewPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange());
  const [deptId, setDeptId] = useState<string>();
  const [dimension, setDimension] = useState<Dimension>('DAY');
  const [tick, setTick] = useState(0);
  const [peoplePage, setPeoplePage] = useState({ current: 1, size: 10 });
  const q = useMemo(() => overviewQuery(range, deptId, dimension), [range, deptId, dimension]);
  const deps = [q, tick];

  const index = useLoadDeps(() => overviewApi.index(q), deps);
  const trend = useLoadDeps(() => overviewApi.orderTrend(q), deps);
  const source = useLoadDeps(() => overviewApi.orderSource(q), deps);
  const average = useLoadDeps(() => overviewApi.orderAverage(q), deps);
  const patrol = useLoadDeps(() => overviewApi.patrolAnalysis(q), deps);
  const events = useLoadDeps(() => overviewApi.eventAnalysis(q), deps);
  const taskPie = useLoadDeps(() => overviewApi.reportPie(q), deps);
  const orderPie = useLoadDeps(() => overviewApi.orderPie(q), deps);
  const report = useLoadDeps(() => overviewApi.reportList(q), deps);
  const people = useLoadDeps(() => overviewApi.reportPage({ ...q, ...peoplePage }), [...deps, peoplePage]);

  const figures = index.data;

  const trendOption = trendChart(t, trend.data?.list);

  const sourceOption = pie((source.data ?? []).map((s) => ({ name: nameOf(t, 'source', s.source), value: s.value })));

  const averageOption = averageChart(t, (type) => nameOf(t, 'event', type), average.data);

  const patrolOption = patrolChart(t, patrol.data);

  const eventOption = pie((events.data ?? []).map((e) => ({ name: nameOf(t, 'event', e.eventType), value: e.value })));
  const taskPieOption = pie(
    (taskPie.data ?? []).map((s) => ({ name: nameOf(t, 'taskStatus', s.status), value: s.value })),
  );
  const orderPieOption = pie(
    (orderPie.data ?? []).map((s) => ({ name: nameOf(t, 'orderStatus', s.status), value: s.value })),
  );

  const rows = report.data ?? [];
  const lineOption = reportLineChart(t, rows);

  const chartCard = (key: string, option: ChartOption | null, loading: boolean, span = 8) => (
    <Col xs={24} lg={span} key={key}>
      <Card
        size="small"
        title={t(`patrol.overview.${key}`)}
        loading={loading && !option}
        data-testid={`overview-${key}`}
      >
        <PatrolChart option={option} testId={`chart-${key}`} />
      </Card>
    </Col>
  );

  return (
    <div data-testid="patrol-overview" style={{ padding: 12 }}>
      <OverviewFilters
        range={range}
        setRange={setRange}
        deptId={deptId}
        setDeptId={setDeptId}
        dimension={dimension}
        setDimension={setDimension}
        onRefresh={() => setTick((x) => x + 1)}
      />

      <IndexFigures figures={figures} loading={index.loading} />

      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {chartCard('orderTrend', trendOption, trend.loading, 16)}
        {chartCard('orderSource', sourceOption, source.loading)}
        {chartCard('orderAverage', averageOption, average.loading)}
        {chartCard('patrolAnalysis', patrolOption, patrol.loading, 16)}
        {chartCard('eventAnalysis', eventOption, events.loading)}
        {chartCard('taskPie', taskPieOption, taskPie.loading)}
        {chartCard('orderPie', orderPieOption, orderPie.loading)}
      </Row>

      <ReportCard
        rows={rows}
        lineOption={lineOption}
        reportLoading={report.loading}
        people={people}
        peoplePage={peoplePage}
        setPeoplePage={setPeoplePage}
      />
    </div>
  );
}
