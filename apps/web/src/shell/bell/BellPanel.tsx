/** The notice bell's popover body: type tabs with unread badges, the page of messages, paging and the links. */
import { Badge, Empty, List, Pagination, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_TYPES, UNREAD } from '../../api/message';
import { RowButton } from '../../components/crud/RowButton';
import { PendingTasksLink } from '../../features/workflow/pending/PendingTasks';
import { BELL_PAGE_SIZE, type BellState } from './useBell';

export function BellPanel({ bell }: { bell: BellState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { rows, counts, setOpen } = bell;
  return (
    <div style={{ width: 360 }} data-testid="notice-bell-panel">
      <Tabs
        size="small"
        activeKey={String(bell.type)}
        onChange={(k) => bell.changeType(Number(k))}
        items={MESSAGE_TYPES.map((ty) => ({
          key: String(ty),
          label: (
            <Badge count={counts[ty] ?? 0} size="small" offset={[8, 0]}>
              {t(`bell.type${ty}`)}
            </Badge>
          ),
        }))}
      />
      <Spin spinning={bell.loading}>
        {rows.length ? (
          <List
            size="small"
            dataSource={rows}
            renderItem={(r) => (
              <List.Item
                style={{ cursor: r.messageStatus === UNREAD ? 'pointer' : 'default' }}
                onClick={() => void bell.onItem(r)}
                data-testid="notice-bell-item"
              >
                <List.Item.Meta
                  title={
                    <Badge dot={r.messageStatus === UNREAD} offset={[6, 0]}>
                      <Typography.Text strong={r.messageStatus === UNREAD}>{r.title}</Typography.Text>
                    </Badge>
                  }
                  description={<Typography.Text type="secondary">{r.sendTime}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
        )}
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 8 }}>
        <Pagination
          size="small"
          simple
          current={bell.page}
          pageSize={BELL_PAGE_SIZE}
          total={bell.total}
          onChange={bell.setPage}
        />
        <PendingTasksLink onNavigate={() => setOpen(false)} />
        <RowButton
          onClick={() => {
            setOpen(false);
            navigate('/message/index');
          }}
        >
          {t('bell.viewAll')}
        </RowButton>
      </div>
    </div>
  );
}
