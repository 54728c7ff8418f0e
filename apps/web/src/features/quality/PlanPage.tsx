/** 采样计划: points, indicators, frequency and sampler; generates the sampling tasks of a day. */
import { App, Button, DatePicker, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Plan, planApi, qualityApi } from '../../api/quality';
import { CrudPage } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { planColumns } from './columns';

export default function PlanPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canGenerate = usePermission('quality_plan_generate');
  const [day, setDay] = useState(dayjs());
  return (
    <CrudPage<Plan>
      api={planApi}
      columns={planColumns}
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
