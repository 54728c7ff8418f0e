/** The overview's filter bar (range, department, report dimension, refresh) and its index figures. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Radio, Row, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Dimension, OverviewIndex } from '../../../api/patrol';
import { DeptTreeSelect } from '../../../components/widgets';
import { defaultRange } from './range';

export function OverviewFilters({
  range,
  setRange,
  deptId,
  setDeptId,
  dimension,
  setDimension,
  onRefresh,
}: {
  range: [Dayjs, Dayjs];
  setRange(r: [Dayjs, Dayjs]): void;
  deptId: string | undefined;
  setDeptId(id: string | undefined): void;
  dimension: Dimension;
  setDimension(d: Dimension): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  return (
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
        <Button icon={<ReloadOutlined />} onClick={onRefresh}>
          {t('patrol.common.refresh')}
        </Button>
      </Space>
    </Card>
  );
}

export function IndexFigures({ figures, loading }: { figures: OverviewIndex | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
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
  return (
    <Row gutter={[12, 12]} data-testid="overview-index">
      {cards.map((c) => (
        <Col flex="1 0 150px" key={c.key}>
          <Card size="small" loading={loading && !figures}>
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
  );
}
