/**
 * 分区管理: the zone tree beside the map of zones coloured by this month's NRW rate, the chosen zone's detail
 * below; the list tab is the zone family's CrudPage (add, edit, remove with the server's tree rules).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Row, Space, Tabs, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmaApi, type Zone, type ZoneNode, zoneApi } from '../../api/dma';
import { CrudPage, type Option } from '../../components/crud';
import { NRW_BANDS, nrwColor, thisMonth } from './nrw';
import { ZoneDetail } from './ZoneDetail';
import { ZoneMap } from './ZoneMap';
import { fromForm, toForm, zoneColumns } from './zoneColumns';
import { useZones } from './zones';

const toTree = (nodes: ZoneNode[], rates: Record<string, number>): any[] =>
  nodes.map((n) => ({
    key: n.code,
    title: (
      <span>
        {n.code} {n.name}{' '}
        {rates[n.code] !== undefined && <Tag color={nrwColor(rates[n.code])}>{rates[n.code].toFixed(1)}%</Tag>}
      </span>
    ),
    children: toTree(n.children, rates),
  }));

const toOptions = (nodes: ZoneNode[]): Option[] =>
  nodes.map((n) => ({ label: `${n.code} ${n.name}`, value: n.id, children: toOptions(n.children) }));

export default function ZonePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [selected, setSelected] = useState<string>();
  const tree = useQuery({ queryKey: ['dma-tree'], queryFn: dmaApi.tree });
  const zones = useZones();
  const month = thisMonth();
  const rank = useQuery({
    queryKey: ['dma-ranking', 'MONTH', month],
    queryFn: () => dmaApi.ranking({ period: 'MONTH', date: month }),
  });
  const rates = useMemo(
    () => Object.fromEntries((rank.data ?? []).map((r) => [r.dmaCode, r.nrwRate])) as Record<string, number>,
    [rank.data],
  );
  const columns = useMemo(
    () => zoneColumns(async () => [{ label: '—', value: '0' }, ...toOptions(await dmaApi.tree())]),
    [],
  );
  const zone = zones.data?.find((z) => z.code === selected);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['dma-tree'] });
    void qc.invalidateQueries({ queryKey: ['dma-zones'] });
    void qc.invalidateQueries({ queryKey: ['dma-ranking'] });
  };

  return (
    <Tabs
      items={[
        {
          key: 'map',
          label: t('dma.map'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Row gutter={12}>
                <Col span={6}>
                  <Card size="small" title={t('dma.zoneTree')}>
                    <Tree
                      data-testid="dma-tree"
                      defaultExpandAll
                      treeData={toTree(tree.data ?? [], rates)}
                      selectedKeys={selected ? [selected] : []}
                      onSelect={(keys) => setSelected(keys[0] ? String(keys[0]) : undefined)}
                    />
                    <div style={{ marginTop: 12 }}>
                      {t('dma.nrwLegend')}:{' '}
                      {NRW_BANDS.map((b, i) => (
                        <Tag key={b.color} color={b.color}>
                          {i === 0 ? '<' : '≥'}
                          {i === 0 ? b.max : NRW_BANDS[i - 1].max}%
                        </Tag>
                      ))}
                    </div>
                  </Card>
                </Col>
                <Col span={18}>
                  <ZoneMap zones={zones.data ?? []} rates={rates} selected={selected} onSelect={setSelected} />
                </Col>
              </Row>
              <ZoneDetail zone={zone} />
            </Space>
          ),
        },
        {
          key: 'list',
          label: t('dma.list'),
          children: (
            <CrudPage<Zone>
              api={zoneApi}
              columns={columns}
              title="dma.title"
              permission="dma_zone"
              paged={false}
              viewBtn={false}
              dialogWidth={900}
              labelWidth={170}
              testId="dma-zone-crud"
              beforeOpen={async (_mode, row) =>
                (row ? toForm((await zoneApi.detail(row.id)) ?? row) : {}) as Partial<Zone>
              }
              beforeSubmit={(values) => {
                try {
                  return fromForm(values as Record<string, unknown>);
                } catch (e) {
                  const field = t(`dma.${(e as Error).message}`);
                  message.error(t('dma.badJson', { field }));
                  throw e;
                }
              }}
              afterSave={refresh}
            />
          ),
        },
      ]}
    />
  );
}
