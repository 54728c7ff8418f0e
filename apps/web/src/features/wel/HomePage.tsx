/** The first page (/wel/index): who is signed in, the pending workflow tasks, the latest notices and the unread messages. */
import { Avatar, Card, Col, Descriptions, Empty, List, Row, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../api/http';
import { type MessageRecord, messageApi, UNREAD } from '../../api/message';
import { slot } from '../registry';
import { greetingKey } from './greeting';

/** The signed-in person's pending workflow tasks, lent by the workflow feature through the registry. */
const PendingTasksCard = slot<object>('workflow/pending-tasks');

interface CurrentUser {
  account?: string;
  realName?: string;
  nickName?: string;
  userName?: string;
  avatar?: string;
  roleName?: string;
  deptName?: string;
  tenantId?: string;
  [k: string]: unknown;
}

interface Notice {
  id: string;
  title: string;
  releaseTime?: string;
  createTime?: string;
  categoryName?: string;
}

export default function HomePage() {
  const { t } = useTranslation();
  const [user, setUser] = useState<CurrentUser>({});
  const [notices, setNotices] = useState<Notice[]>([]);
  const [messages, setMessages] = useState<MessageRecord[]>([]);

  useEffect(() => {
    http
      .get<CurrentUser>('/api/blade-auth/oauth/user-info')
      .then((u) => setUser(u ?? {}))
      .catch(() => {});
    http
      .get<{ records: Notice[] }>('/api/blade-desk/notice/list', { current: 1, size: 5 }, { silent: true })
      .then((p) => setNotices(p?.records ?? []))
      .catch(() => setNotices([]));
    messageApi
      .page({ current: 1, size: 5, messageStatus: UNREAD })
      .then((p) => setMessages(p.records))
      .catch(() => setMessages([]));
  }, []);

  const name = user.realName || user.nickName || user.userName || user.account || '';
  return (
    <div data-testid="home-page">
      <Card style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={64} src={user.avatar || undefined}>
            {name.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('wel.welcome', { greeting: t(greetingKey(new Date().getHours())), name })}
            </Typography.Title>
            <Descriptions size="small" column={4} style={{ marginTop: 8 }}>
              <Descriptions.Item label={t('wel.account')}>{user.account}</Descriptions.Item>
              <Descriptions.Item label={t('wel.role')}>{user.roleName}</Descriptions.Item>
              <Descriptions.Item label={t('wel.dept')}>{user.deptName}</Descriptions.Item>
              <Descriptions.Item label={t('wel.tenant')}>{user.tenantId}</Descriptions.Item>
            </Descriptions>
          </div>
        </div>
      </Card>
      <Suspense fallback={null}>
        <PendingTasksCard />
      </Suspense>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('wel.notices')} style={{ marginBottom: 16 }}>
            {notices.length ? (
              <List
                size="small"
                dataSource={notices}
                renderItem={(n) => (
                  <List.Item
                    extra={<Typography.Text type="secondary">{n.releaseTime ?? n.createTime}</Typography.Text>}
                  >
                    {n.categoryName ? `[${n.categoryName}] ` : ''}
                    {n.title}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noNotices')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={t('wel.messages')}
            extra={<Link to="/message/index">{t('wel.more')}</Link>}
            style={{ marginBottom: 16 }}
          >
            {messages.length ? (
              <List
                size="small"
                dataSource={messages}
                renderItem={(m) => (
                  <List.Item extra={<Typography.Text type="secondary">{m.sendTime}</Typography.Text>}>
                    {t(`bell.type${m.messageType}`)} · {m.title}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noMessages')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
