/** 采样计划: points, indicators, frequency and sampler; generates the sampling tasks of a day. */
import { App, Button, DatePicker, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Plan, planApi, qualityApi } from '../../api/quality';
import { type CrudColumn, CrudPage, remarkColumn } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { FREQUENCY_OPTIONS, indicatorOptions, pointOptions } from './options';

export default function PlanPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canGenerate = usePermission('quality_plan_generate');
  const [day, setDay] = useState(dayjs());
  const columns = useMemo<CrudColumn<Plan>[]>(
    () => [
      { prop: 'code', label: 'quality.code', required: 'quality.code', search: true, width: 130 },
      { prop: 'name', label: 'quality.name', required: 'quality.name', search: true, width: 150 },
      {
        prop: 'pointCodes',
        label: 'quality.points',
        type: 'select',
        multiple: true,
        options: pointOptions,
        required: 'quality.points',
        span: 24,
        render: (v: string[]) => v?.map((c) => <Tag key={c}>{c}</Tag>),
      },
      {
        prop: 'indicatorCodes',
        label: 'quality.indicators',
        type: 'select',
        multiple: true,
        options: indicatorOptions,
        required: 'quality.indicators',
        span: 24,
        render: (v: string[]) => v?.length,
        width: 90,
      },
      {
        prop: 'frequency',
        label: 'quality.frequency',
        type: 'select',
        options: FREQUENCY_OPTIONS,
        required: 'quality.frequency',
        width: 120,
      },
      { prop: 'assignee', label: 'quality.assignee', hide: true },
      { prop: 'startDate', label: 'quality.startDate', type: 'date', required: 'quality.startDate', width: 110 },
      { prop: 'endDate', label: 'quality.endDate', type: 'date', width: 110 },
      { prop: 'enabled', label: 'quality.enabled', type: 'switch', defaultValue: true, width: 70 },
      remarkColumn('quality.remark', { rows: 2, hide: true }),
    ],
    [],
  );
  return (
    <CrudPage<Plan>
      api={planApi}
      columns={columns}
      title="quality.planTitle"
      permission="quality_plan"
      viewBtn={false}
      testId="quality-plan"
      toolbar={() =>
        canGenerate ? (
          <Space>
            <DatePicker
              value={day}
              onChange={(d) => d && setDay(d)}
              allowClear={false}
              aria-label={t('quality.generateDate')}
            />
            <Button
              data-testid="quality-generate"
              onClick={async () => {
                const r = await qualityApi.generate(day.format('YYYY-MM-DD'));
                message.success(t('quality.generated', { n: r.created }));
              }}
            >
              {t('quality.generate')}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
