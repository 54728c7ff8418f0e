/** A zone's detail: design figures, meters, what lies inside it and the customers that could not be placed. */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dmaApi, type Zone } from '../../api/dma';

export function ZoneDetail({ zone }: { zone?: Zone }) {
  const { t } = useTranslation();
  const m = useQuery({
    queryKey: ['dma-membership', zone?.code],
    queryFn: () => dmaApi.membership(zone!.code),
    enabled: !!zone,
  });
  if (!zone) return <Empty description={t('dma.selectZone')} />;
  const inside = m.data;
  return (
    <Card size="small" title={`${t('dma.detail')}：${zone.code} ${zone.name}`} data-testid="dma-detail">
      <Descriptions size="small" column={3} title={t('dma.design')}>
        <Descriptions.Item label={t('dma.population')}>{zone.population}</Descriptions.Item>
        <Descriptions.Item label={t('dma.connections')}>{zone.connections}</Descriptions.Item>
        <Descriptions.Item label={t('dma.mainLength')}>{zone.mainLength}</Descriptions.Item>
        <Descriptions.Item label={t('dma.nightStart')}>
          {zone.nightStart}:00–{zone.nightEnd}:00
        </Descriptions.Item>
        <Descriptions.Item label={t('dma.boundaryValves')} span={2}>
          {inside?.boundaryValves.map((v) => (
            <Tag key={v.code} color={v.found ? 'green' : 'red'}>
              {v.code} {v.found ? t('dma.valveFound') : t('dma.valveMissing')}
            </Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey={(r) => `${r.stcd}/${r.field}`}
        pagination={false}
        dataSource={zone.meters}
        columns={[
          { title: t('dma.station'), dataIndex: 'stcd' },
          { title: t('dma.field'), dataIndex: 'field' },
          { title: t('dma.direction'), dataIndex: 'direction', render: (v: string) => t(`dma.${v}`) },
          { title: t('dma.accuracy'), dataIndex: 'accuracy' },
        ]}
      />
      {inside && (
        <Descriptions size="small" column={3} title={t('dma.membership')} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('dma.pipes')}>{inside.pipes}</Descriptions.Item>
          <Descriptions.Item label={t('dma.pipeLength')}>{inside.pipeLengthKm}</Descriptions.Item>
          <Descriptions.Item label={t('dma.hydrants')}>{inside.hydrants}</Descriptions.Item>
          <Descriptions.Item label={t('dma.customerMeters')}>{inside.customerMeters}</Descriptions.Item>
          <Descriptions.Item label={t('dma.customers')}>{inside.customers}</Descriptions.Item>
          <Descriptions.Item label={t('dma.inletMeters')}>{inside.inletMeters}</Descriptions.Item>
          <Descriptions.Item label={t('dma.unplaced')} span={3}>
            {inside.unplaced.length
              ? inside.unplaced.map((u) => (
                  <Tag key={u.accountNo}>
                    {u.accountNo} / {u.meterCode}
                  </Tag>
                ))
              : t('dma.unplacedNone')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
