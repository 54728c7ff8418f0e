/** 模型校准: a finished run against what the monitoring stations measured, per station mean and max error, and on
 * click the station's 24 h simulated and measured curves. */
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalibrationStation, hydraulicApi } from '../../api/hydraulic';
import { Curves } from './Curves';

const fmt = (v: number | null, unit: string) => (v === null ? '-' : `${v.toFixed(2)} ${unit}`);

export function Calibration({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['hydraulic-calibration', runId], queryFn: () => hydraulicApi.calibration(runId) });
  const [picked, setPicked] = useState<string | null>(null);
  const rows = q.data?.stations ?? [];
  const key = (s: CalibrationStation) => `${s.stcd}:${s.field}`;
  const shown = rows.find((s) => key(s) === picked) ?? null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="hydraulic-calibration">
      {q.data && (
        <Typography.Text type="secondary">
          {t('hydraulic.calib.date')}: {q.data.date} · {t('hydraulic.calib.pick')}
        </Typography.Text>
      )}
      <Table<CalibrationStation>
        size="small"
        rowKey={key}
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('hydraulic.calib.empty')} /> }}
        onRow={(s) => ({
          onClick: () => setPicked(key(s)),
          onKeyDown: (e) => {
            if (e.key === 'Enter') setPicked(key(s));
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'data-testid': `calib-row-${s.stcd}-${s.field}`,
        })}
        rowClassName={(s) => (key(s) === picked ? 'ant-table-row-selected' : '')}
        columns={[
          { title: t('hydraulic.calib.station'), render: (_, s) => `${s.stcd} ${s.name}` },
          {
            title: t('hydraulic.calib.quantity'),
            render: (_, s) => <Tag>{t(`hydraulic.calib.${s.quantity}`)}</Tag>,
          },
          {
            title: t('hydraulic.calib.target'),
            render: (_, s) =>
              s.target.nearest !== undefined
                ? `${s.target.code} (${t('hydraulic.calib.nearest', { m: s.target.nearest })})`
                : s.target.code,
          },
          { title: t('hydraulic.calib.count'), dataIndex: 'count', align: 'right' },
          {
            title: t('hydraulic.calib.meanError'),
            align: 'right',
            render: (_, s) => <span data-testid="calib-mean">{fmt(s.meanError, s.unit)}</span>,
          },
          { title: t('hydraulic.calib.maxError'), align: 'right', render: (_, s) => fmt(s.maxError, s.unit) },
          { title: t('hydraulic.calib.bias'), align: 'right', render: (_, s) => fmt(s.bias, s.unit) },
        ]}
      />
      {shown && (
        <Curves
          testId="calib-curves"
          sameAxis
          times={shown.points.map((p) => p.time)}
          series={[
            { name: `${t('hydraulic.calib.simulated')} (${shown.unit})`, values: shown.points.map((p) => p.simulated) },
            { name: `${t('hydraulic.calib.measured')} (${shown.unit})`, values: shown.points.map((p) => p.measured) },
          ]}
        />
      )}
    </Space>
  );
}
