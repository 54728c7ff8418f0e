/**
 * The dashboard (/wel/dashboard): the figures the platform has so far (users, tenants, sessions online, errors
 * today, …), grouped, from `/api/blade-desk/dashboard/figures`. It grows as modules add figures.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';

export interface Figure {
  key: string;
  label: string;
  i18n?: string;
  unit?: string;
  group: string;
  value: number;
}

const GROUP_ORDER = ['organisation', 'activity', 'content', 'health'];

/** figures by group, in a stable group order (unknown groups last) */
export function groupFigures(figures: Figure[]): [string, Figure[]][] {
  const by = new Map<string, Figure[]>();
  for (const f of figures) {
    if (!by.has(f.group)) by.set(f.group, []);
    by.get(f.group)!.push(f);
  }
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...by.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const [data, setData] = useState<{ generatedAt?: string; figures: Figure[] }>({ figures: [] });
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    setLoading(true);
    http
      .get<{ generatedAt: string; figures: Figure[] }>('/api/blade-desk/dashboard/figures')
      .then((d) => setData(d ?? { figures: [] }))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const groups = groupFigures(data.figures);
  return (
    <Spin spinning={loading}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {data.generatedAt ? `${t('dashboard.generatedAt')}: ${data.generatedAt}` : ''}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={load}>
          {t('wel.refresh')}
        </Button>
      </div>
      {!groups.length && !loading && <Empty description={t('dashboard.empty')} />}
      {groups.map(([group, figures]) => (
        <Card
          key={group}
          title={t(`dashboard.group.${group}`, group)}
          style={{ marginBottom: 16 }}
          data-testid={`figures-${group}`}
        >
          <Row gutter={[16, 16]}>
            {figures.map((f) => (
              <Col key={f.key} xs={12} md={8} lg={6}>
                <Statistic
                  title={f.i18n ? t(f.i18n, f.label) : f.label}
                  value={f.value}
                  suffix={f.key === 'attachmentBytes' ? undefined : f.unit}
                  formatter={f.key === 'attachmentBytes' ? () => formatBytes(f.value) : undefined}
                />
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </Spin>
  );
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
