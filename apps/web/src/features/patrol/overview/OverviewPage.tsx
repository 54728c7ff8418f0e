/**
 * 巡检总览: the patrol office's dashboard over a time range (default the last 30 days) and a department (with its
 * sub-teams): index figures, order trend, order source, average handling time by event type, patrol analysis by
 * team, event analysis, task and order status pies, the statistics report (line and list by day, month or year)
 * and the people ranking. Every section loads on its own, in parallel, so the figures show as soon as they arrive.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Radio, Row, Space, Statistic, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dimension, type OverviewQuery, overviewApi } from '../../../api/patrol';
import { DeptTreeSelect } from '../../../components/widgets';
import { nameOf, useLoad, wireTime } from '../common';
import { type ChartOption, PatrolChart } from '../PatrolChart';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2'];

export function defaultRange(now = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(29, 'day').startOf('day'), now.endOf('day')];
}

/** The query of the dashboard: the range's bounds as wire times, the department, the report dimension. */
export function overviewQuery(range: [Dayjs, Dayjs], deptId: string | undefined, dimension: Dimension): OverviewQuery {
  return {
    startTime: wireTime(range[0].startOf('day')),
    endTime: wireTime(range[1].endOf('day')),
    deptId: deptId || undefined,
    dimension,
  };
}

const pie = (data: { name: string; value: number }[]): ChartOption | null =>
  data.some((d) => d.value > 0)
    ? {
        color: COLORS,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          { type: 'pie', radius: ['35%', '62%'], center: ['50%', '45%'], data, label: { formatter: '{b}\n{d}%' } },
        ],
      }
    : null;

export default function OverviewPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange());
  const [deptId, setDeptId] = useState<string>();
  const [dimension, setDimension] = useState<Dimension>('DAY');
  const [tick, setTick] = useState(0);
  const [peoplePage, setPeoplePage] = useState({ current: 1, size: 10 });
  const q = useMemo(() => overviewQuery(range, deptId, dimension), [range, deptId, dimension]);
  const deps = [q, tick];

  const index = useLoad(() => overviewApi.index(q), deps);
  const trend = useLoad(() => overviewApi.orderTrend(q), deps);
  const source = useLoad(() => overviewApi.orderSource(q), deps);
  const average = useLoad(() => overviewApi.orderAverage(q), deps);
  const patrol = useLoad(() => overviewApi.patrolAnalysis(q), deps);
  const events = useLoad(() => overviewApi.eventAnalysis(q), deps);
  const taskPie = useLoad(() => overviewApi.reportPie(q), deps);
  const orderPie = useLoad(() => overviewApi.orderPie(q), deps);
  const report = useLoad(() => overviewApi.reportList(q), deps);
  const people = useLoad(() => overviewApi.reportPage({ ...q, ...peoplePage }), [...deps, peoplePage]);

  const figures = index.data;
  const cards: { key: string; value: number | undefined; suffix?: string; precision?: number }[] = [
    { key: 'taskTotal', value: figures?.taskTotal },
    { key: 'finishRate', value: figures?.finishRate, suffix: '%', precision: 1 },
    { key: 'taskOverdue', value: figures?.taskOverdue },
    { key: 'coverageRate', value: figures?.coverageRate, suffix: '%', precision: 1 },
    { key: 'hazardTotal', value: figures?.hazardTotal },
    { key: 'orderTotal', value: figures?.orderTotal },
    { key: 'orderFinishRate', value: figures?.orderFinishRate, suffix: '%', precision: 1 },
    { key: 'avgHandleHours', value: figures?.avgHandleHours, suffix: t('patrol.overview.hours'), precision: 1 },
    { key: 'staffTotal', value: figures?.staffTotal },
  ];

  const trendOption: ChartOption | null = trend.data?.list.length
    ? {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: trend.data.list.map((r) => r.time) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('patrol.overview.orders'), type: 'line', smooth: true, data: trend.data.list.map((r) => r.total) },
          {
            name: t('patrol.overview.ordersFinished'),
            type: 'line',
            smooth: true,
            data: trend.data.list.map((r) => r.finished),
          },
        ],
      }
    : null;

  const sourceOption = pie((source.data ?? []).map((s) => ({ name: nameOf(t, 'source', s.source), value: s.value })));

  const averageOption: ChartOption | null = average.data?.some((a) => a.count > 0)
    ? {
        color: ['#faad14'],
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 28 },
        xAxis: { type: 'category', data: average.data.map((a) => nameOf(t, 'event', a.eventType)) },
        yAxis: { type: 'value', name: t('patrol.overview.hours') },
        series: [
          {
            name: t('patrol.overview.avgHandleHours'),
            type: 'bar',
            barMaxWidth: 32,
            data: average.data.map((a) => a.avgHours),
          },
        ],
      }
    : null;

  const patrolOption: ChartOption | null = patrol.data?.length
    ? {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 40, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: patrol.data.map((p) => p.deptName ?? '') },
        yAxis: [
          { type: 'value', minInterval: 1 },
          { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        ],
        series: [
          { name: t('patrol.overview.tasks'), type: 'bar', data: patrol.data.map((p) => p.tasks) },
          { name: t('patrol.overview.finished'), type: 'bar', data: patrol.data.map((p) => p.finished) },
          { name: t('patrol.overview.overdue'), type: 'bar', data: patrol.data.map((p) => p.overdue) },
          {
            name: t('patrol.overview.coverageRate'),
            type: 'line',
            yAxisIndex: 1,
            data: patrol.data.map((p) => p.coverageRate),
          },
        ],
      }
    : null;

  const eventOption = pie((events.data ?? []).map((e) => ({ name: nameOf(t, 'event', e.eventType), value: e.value })));
  const taskPieOption = pie(
    (taskPie.data ?? []).map((s) => ({ name: nameOf(t, 'taskStatus', s.status), value: s.value })),
  );
  const orderPieOption = pie(
    (orderPie.data ?? []).map((s) => ({ name: nameOf(t, 'orderStatus', s.status), value: s.value })),
  );

  const rows = report.data ?? [];
  const lineOption: ChartOption | null = rows.length
    ? {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 40, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: rows.map((r) => r.time) },
        yAxis: [
          { type: 'value', minInterval: 1 },
          { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        ],
        series: [
          { name: t('patrol.overview.tasks'), type: 'line', data: rows.map((r) => r.tasks) },
          { name: t('patrol.overview.finished'), type: 'line', data: rows.map((r) => r.finished) },
          {
            name: t('patrol.overview.coverageRate'),
            type: 'line',
            yAxisIndex: 1,
            data: rows.map((r) => r.coverageRate),
          },
        ],
      }
    : null;

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
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <span>{t('patrol.overview.range')}</span>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            presets={[
              { label: t('patrol.overview.last7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
              { label: t('patrol.overview.last30'), value: defaultRange() },
              { label: t('patrol.overview.thisMonth'), value: [dayjs().startOf('month'), dayjs()] },
              { label: t('patrol.overview.thisYear'), value: [dayjs().startOf('year'), dayjs()] },
              { label: t('patrol.overview.lastYear'), value: [dayjs().subtract(1, 'year').add(1, 'day'), dayjs()] },
            ]}
            data-testid="overview-range"
          />
          <span>{t('patrol.overview.dept')}</span>
          <DeptTreeSelect
            value={deptId}
            onChange={setDeptId}
            allowClear
            placeholder={t('patrol.overview.allDepts')}
            aria-label={t('patrol.overview.dept')}
            style={{ width: 200 }}
          />
          <Radio.Group
            optionType="button"
            value={dimension}
            onChange={(e) => setDimension(e.target.value)}
            options={(['DAY', 'MONTH', 'YEAR'] as const).map((d) => ({
              value: d,
              label: t(`patrol.overview.dim.${d}`),
            }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => setTick((x) => x + 1)}>
            {t('patrol.common.refresh')}
          </Button>
        </Space>
      </Card>

      <Row gutter={[12, 12]} data-testid="overview-index">
        {cards.map((c) => (
          <Col flex="1 0 150px" key={c.key}>
            <Card size="small" loading={index.loading && !figures}>
              <Statistic
                title={t(`patrol.overview.${c.key}`)}
                value={c.value ?? 0}
                precision={c.precision}
                suffix={c.suffix}
                data-testid={`figure-${c.key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>

      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {chartCard('orderTrend', trendOption, trend.loading, 16)}
        {chartCard('orderSource', sourceOption, source.loading)}
        {chartCard('orderAverage', averageOption, average.loading)}
        {chartCard('patrolAnalysis', patrolOption, patrol.loading, 16)}
        {chartCard('eventAnalysis', eventOption, events.loading)}
        {chartCard('taskPie', taskPieOption, taskPie.loading)}
        {chartCard('orderPie', orderPieOption, orderPie.loading)}
      </Row>

      <Card size="small" style={{ marginTop: 12 }} data-testid="overview-report">
        <Tabs
          items={[
            {
              key: 'line',
              label: t('patrol.overview.reportLine'),
              children: <PatrolChart option={lineOption} height={300} testId="chart-reportLine" />,
            },
            {
              key: 'list',
              label: t('patrol.overview.reportList'),
              children: (
                <Table
                  size="small"
                  rowKey="time"
                  loading={report.loading}
                  dataSource={rows}
                  pagination={{ pageSize: 12, showSizeChanger: false }}
                  data-testid="report-list"
                  columns={[
                    { title: t('patrol.overview.time'), dataIndex: 'time' },
                    { title: t('patrol.overview.tasks'), dataIndex: 'tasks' },
                    { title: t('patrol.overview.finished'), dataIndex: 'finished' },
                    { title: t('patrol.overview.overdue'), dataIndex: 'overdue' },
                    { title: t('patrol.overview.finishRate'), dataIndex: 'finishRate', render: (v) => `${v}%` },
                    { title: t('patrol.overview.coverageRate'), dataIndex: 'coverageRate', render: (v) => `${v}%` },
                    { title: t('patrol.overview.hazards'), dataIndex: 'hazards' },
                    { title: t('patrol.overview.orders'), dataIndex: 'orders' },
                    { title: t('patrol.overview.ordersFinished'), dataIndex: 'ordersFinished' },
                  ]}
                />
              ),
            },
            {
              key: 'people',
              label: t('patrol.overview.reportPage'),
              children: (
                <Table
                  size="small"
                  rowKey="userId"
                  loading={people.loading}
                  dataSource={people.data?.records ?? []}
                  pagination={{
                    current: peoplePage.current,
                    pageSize: peoplePage.size,
                    total: people.data?.total ?? 0,
                    onChange: (current, size) => setPeoplePage({ current, size }),
                  }}
                  columns={[
                    { title: t('patrol.score.realName'), dataIndex: 'realName' },
                    { title: t('patrol.score.deptName'), dataIndex: 'deptName' },
                    { title: t('patrol.score.tasks'), dataIndex: 'tasks' },
                    { title: t('patrol.score.finished'), dataIndex: 'finished' },
                    { title: t('patrol.score.overdue'), dataIndex: 'overdue' },
                    { title: t('patrol.score.coverageRate'), dataIndex: 'coverageRate', render: (v) => `${v}%` },
                    { title: t('patrol.score.punctualityRate'), dataIndex: 'punctualityRate', render: (v) => `${v}%` },
                    { title: t('patrol.score.score'), dataIndex: 'score' },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
