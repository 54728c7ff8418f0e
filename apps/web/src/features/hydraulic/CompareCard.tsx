/** 方案比选's comparison: two finished runs side by side, their findings in one table and each on its own map. */
import { Card, Col, Row, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Run } from '../../api/hydraulic';
import { ResultView } from './ResultView';

function label(t: (k: string) => string, r: Run) {
  const s = r.scenario;
  const type = t(`hydraulic.${s?.type ?? 'base'}`);
  const what =
    s?.type === 'burst'
      ? ` ${s.pipeGid}`
      : s?.type === 'fireFlow'
        ? ` ${s.hydrant}`
        : s?.type === 'growth'
          ? ` ${s.percent}%${s.dma ? ` ${s.dma}` : ''}`
          : s?.type === 'settings'
            ? ` ${[...(s.pumps ?? []), ...(s.valves ?? [])].map((x) => x.code).join(',')}`
            : s?.type === 'quality'
              ? ` ${t(`hydraulic.${s.mode}`)}${s.node ? ` ${s.node}` : ''}`
              : '';
  return `${type}${what} · ${new Date(r.createTime).toLocaleTimeString()}`;
}

export function CompareCard({
  done,
  pair,
  onPair: setPair,
  a,
  b,
}: {
  done: Run[];
  pair: [string?, string?];
  onPair(update: (p: [string?, string?]) => [string?, string?]): void;
  a: Run | undefined;
  b: Run | undefined;
}) {
  const { t } = useTranslation();
  const rows = [
    { key: 'type', name: t('hydraulic.type'), f: (r: Run) => t(`hydraulic.${r.scenario?.type ?? 'base'}`) },
    { key: 'below', name: t('hydraulic.below'), f: (r: Run) => r.summary?.belowCount ?? '' },
    { key: 'newly', name: t('hydraulic.newlyBelow'), f: (r: Run) => r.summary?.newlyBelowCount ?? '' },
    { key: 'customers', name: t('hydraulic.customers'), f: (r: Run) => r.summary?.customerCount ?? '' },
    { key: 'valves', name: t('hydraulic.valves'), f: (r: Run) => (r.summary?.valves ?? []).join(', ') },
    { key: 'flow', name: t('hydraulic.availableFlow'), f: (r: Run) => r.summary?.flow ?? '' },
    { key: 'static', name: t('hydraulic.staticPressure'), f: (r: Run) => r.summary?.staticPressure ?? '' },
    { key: 'area', name: t('hydraulic.lowArea'), f: (r: Run) => r.summary?.area?.areaM2 ?? '' },
    { key: 'dropped', name: t('hydraulic.dropped'), f: (r: Run) => r.summary?.droppedCount ?? '' },
    { key: 'maxDrop', name: t('hydraulic.maxDrop'), f: (r: Run) => r.summary?.maxDrop ?? '' },
    {
      key: 'quality',
      name: t('hydraulic.qualityMeanMax'),
      f: (r: Run) => (r.summary?.type === 'quality' ? `${r.summary.mean} / ${r.summary.max} ${r.summary.unit}` : ''),
    },
  ];

  return (
    <Card size="small" title={t('hydraulic.compare')}>
      <Space wrap>
        {[0, 1].map((i) => (
          <Select
            key={i}
            data-testid={`compare-${i}`}
            style={{ width: 300 }}
            placeholder={t(i === 0 ? 'hydraulic.left' : 'hydraulic.right')}
            aria-label={t(i === 0 ? 'hydraulic.left' : 'hydraulic.right')}
            value={pair[i]}
            onChange={(v) => setPair((p) => (i === 0 ? [v, p[1]] : [p[0], v]))}
            options={done.map((r) => ({ value: r.id, label: label(t, r) }))}
          />
        ))}
      </Space>
      {a && b ? (
        <>
          <Table
            size="small"
            pagination={false}
            style={{ marginTop: 12 }}
            data-testid="compare-table"
            rowKey="key"
            dataSource={rows}
            columns={[
              { title: '', dataIndex: 'name' },
              { title: t('hydraulic.left'), render: (_, row) => String(row.f(a)) },
              { title: t('hydraulic.right'), render: (_, row) => String(row.f(b)) },
            ]}
          />
          <Row gutter={12} style={{ marginTop: 12 }}>
            <Col span={12}>
              <ResultView runId={a.id} modelId={a.modelId} area={a.summary?.area?.polygons} testId="compare-a" />
            </Col>
            <Col span={12}>
              <ResultView runId={b.id} modelId={b.modelId} area={b.summary?.area?.polygons} testId="compare-b" />
            </Col>
          </Row>
        </>
      ) : (
        <p style={{ marginTop: 12 }}>{t('hydraulic.pickTwo')}</p>
      )}
    </Card>
  );
}
