/** The location page's left column: the counts by state and department, and the people list. */
import { AimOutlined } from '@ant-design/icons';
import { Badge, Card, Input, List, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorCount, PresenceState, StaffPosition } from '../../api/location';
import { shortTime } from '../../lib/wireTime';
import { STATE_COLOR } from './positions';

export function CountsCard({
  counts: c,
  deptId,
  onDept,
}: {
  counts: MonitorCount | undefined;
  deptId: string | undefined;
  onDept(id: string | null | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('patrol.location.counts')} data-testid="location-counts">
      <Space size="large">
        <Statistic title={t('patrol.location.total')} value={c?.total ?? 0} />
        <Statistic
          title={t('patrol.location.state.online')}
          value={c?.online ?? 0}
          valueStyle={{ color: STATE_COLOR.online }}
        />
        <Statistic title={t('patrol.location.state.offline')} value={c?.offline ?? 0} />
        <Statistic title={t('patrol.location.state.never')} value={c?.never ?? 0} />
      </Space>
      <Table
        size="small"
        rowKey={(r) => String(r.deptId)}
        style={{ marginTop: 8 }}
        pagination={false}
        dataSource={c?.byDept ?? []}
        data-testid="dept-counts"
        rowClassName={(r) => (r.deptId === deptId ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({
          onClick: () => onDept(r.deptId),
          style: { cursor: 'pointer' },
        })}
        columns={[
          { title: t('patrol.location.dept'), dataIndex: 'deptName', ellipsis: true },
          { title: t('patrol.location.total'), dataIndex: 'total', width: 52 },
          { title: t('patrol.location.state.online'), dataIndex: 'online', width: 52 },
          { title: t('patrol.location.state.offline'), dataIndex: 'offline', width: 52 },
        ]}
      />
    </Card>
  );
}

export function PeopleCard({
  list,
  page,
  setPage,
  state,
  setState,
  setName,
  selected,
  choose,
}: {
  list: { loading: boolean; data?: { records: StaffPosition[]; total: number } | null };
  page: number;
  setPage(p: number): void;
  state: 'all' | PresenceState;
  setState(s: 'all' | PresenceState): void;
  setName(n: string): void;
  selected: StaffPosition | null;
  choose(p: StaffPosition): void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('patrol.location.people')} style={{ marginTop: 12 }} data-testid="location-people">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          block
          size="small"
          value={state}
          onChange={(v) => {
            setState(v as typeof state);
            setPage(1);
          }}
          options={(['all', 'online', 'offline', 'never'] as const).map((s) => ({
            value: s,
            label: s === 'all' ? t('patrol.location.all') : t(`patrol.location.state.${s}`),
          }))}
        />
        <Input.Search
          allowClear
          size="small"
          placeholder={t('patrol.location.searchName')}
          onSearch={(v) => {
            setName(v);
            setPage(1);
          }}
        />
        <List
          size="small"
          loading={list.loading}
          dataSource={list.data?.records ?? []}
          pagination={{
            current: page,
            pageSize: 10,
            total: list.data?.total ?? 0,
            size: 'small',
            onChange: setPage,
            simple: true,
          }}
          renderItem={(p) => (
            <List.Item
              style={{ cursor: 'pointer', background: p.userId === selected?.userId ? '#e6f4ff' : undefined }}
              onClick={() => choose(p)}
              data-testid="person-item"
              actions={[<AimOutlined key="aim" />]}
            >
              <List.Item.Meta
                title={
                  <Space size={4}>
                    <Badge color={STATE_COLOR[p.state]} />
                    <span>{p.realName}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.deptName}
                    </Typography.Text>
                  </Space>
                }
                description={
                  <span style={{ fontSize: 12 }}>
                    {p.lastTime
                      ? t('patrol.location.lastTime', { time: shortTime(p.lastTime) })
                      : t('patrol.location.state.never')}
                    {p.taskName ? ` · ${p.taskName}` : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}

/** The map card's title: whether positions arrive live or by polling, and how many people are on the map. */
export function MapTitle({ live, onMap }: { live: boolean | null; onMap: number }) {
  const { t } = useTranslation();
  return (
    <Space>
      <span>{t('patrol.location.map')}</span>
      <Tag color={live ? 'green' : 'default'} data-testid="live-state">
        {live ? t('patrol.location.live') : t('patrol.location.polling')}
      </Tag>
      <Typography.Text type="secondary" data-testid="on-map">
        {t('patrol.location.onMap', { n: onMap })}
      </Typography.Text>
    </Space>
  );
}
