/**
 * 大屏分享: an administrator creates a read-only link for one screen with a lifetime, copies it once (only its hash
 * is kept), and can revoke it at any time.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_CODES, type ShareLink, screenApi } from '../../api/screen';
import { RowButton } from '../../components/crud/RowButton';

const STATE_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;
const when = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm') : '—');

export default function ShareLinkPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({ queryKey: ['screen-links'], queryFn: screenApi.links });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['screen-links'] });

  const create = async () => {
    const v = await form.validateFields();
    const r = await screenApi.createLink(v);
    setCreating(false);
    form.resetFields();
    setMade(`${window.location.origin}${r.path}`);
    refresh();
  };

  return (
    <Card
      title={t('menu.screen.share')}
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="new-link">
          {t('screen.newLink')}
        </Button>
      }
    >
      <Table<ShareLink>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('screen.linkName'), dataIndex: 'name' },
          { title: t('screen.screen'), dataIndex: 'screenCode', render: (c: string) => t(`screen.titles.${c}`) },
          { title: t('screen.token'), dataIndex: 'prefix', render: (p: string) => `${p}…` },
          { title: t('screen.expiresAt'), dataIndex: 'expiresAt', render: when },
          { title: t('screen.lastUsedAt'), dataIndex: 'lastUsedAt', render: when },
          {
            title: t('screen.state'),
            dataIndex: 'state',
            render: (s: ShareLink['state']) => <Tag color={STATE_COLOR[s]}>{t(`screen.states.${s}`)}</Tag>,
          },
          {
            title: t('screen.operate'),
            render: (_, r) => (
              <Space>
                {r.state === 'active' && (
                  <Popconfirm
                    title={t('screen.revokeConfirm')}
                    onConfirm={async () => {
                      await screenApi.revoke(r.id);
                      message.success(t('screen.revoked'));
                      refresh();
                    }}
                  >
                    <Button size="small" danger data-testid={`revoke-${r.name}`}>
                      {t('screen.revoke')}
                    </Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={t('screen.removeConfirm')}
                  onConfirm={async () => {
                    await screenApi.remove(r.id);
                    refresh();
                  }}
                >
                  <RowButton>{t('screen.remove')}</RowButton>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('screen.newLink')}
        onCancel={() => setCreating(false)}
        onOk={create}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ screenCode: 'overview', hours: 168 }}>
          <Form.Item name="screenCode" label={t('screen.screen')} rules={[{ required: true }]}>
            <Select options={SCREEN_CODES.map((c) => ({ value: c, label: t(`screen.titles.${c}`) }))} />
          </Form.Item>
          <Form.Item name="name" label={t('screen.linkName')} rules={[{ required: true, max: 100 }]}>
            <Input placeholder={t('screen.linkNameTip')} data-testid="link-name" />
          </Form.Item>
          <Form.Item name="hours" label={t('screen.hours')} rules={[{ required: true }]}>
            <InputNumber min={1} max={8784} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!made} title={t('screen.linkMade')} footer={null} onCancel={() => setMade(null)}>
        <Typography.Paragraph type="warning">{t('screen.copyOnce')}</Typography.Paragraph>
        <Typography.Paragraph copyable data-testid="link-url">
          {made}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
