/**
 * The message log (`/blade-message/log`): every message sent (site, SMS, email), searchable; 发送消息 composes a
 * site message to people chosen in the user picker (with the department tree).
 */
import { SendOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/http';
import { messageLogApi } from '../../../api/messageAdmin';
import type { UserHit } from '../../../api/system';
import { CrudPage, NO_FORM_LIST } from '../../../components/crud';
import { loadDict } from '../../../components/crud/fields';
import { UserPicker } from '../../../components/widgets';
import { logColumns as columns } from './columns';

function Compose({ open, onClose }: { open: boolean; onClose(sent: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [people, setPeople] = useState<UserHit[]>([]);
  const [picking, setPicking] = useState(false);
  const [types, setTypes] = useState<{ label: string; value: number }[]>([]);
  return (
    <Modal
      open={open}
      title={t('msgAdmin.compose')}
      width={720}
      destroyOnHidden
      maskClosable={false}
      afterOpenChange={(o) => {
        if (!o) return;
        setPeople([]);
        loadDict('message_type', 'dict', true)
          .then((x) => setTypes(x as any))
          .catch(() => {});
      }}
      onCancel={() => onClose(false)}
      okText={t('msgAdmin.sendOk')}
      cancelText={t('crud.cancel')}
      onOk={async () => {
        const v = await form.validateFields();
        if (!people.length) {
          message.warning(t('widget.selectOne'));
          return;
        }
        await http.post('/api/blade-message/log/submit', { ...v, receivers: people.map((p) => p.id).join(',') });
        message.success(t('msgAdmin.sent'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" name="message-compose" preserve={false} initialValues={{ messageType: 1 }}>
        <Form.Item label={t('msgAdmin.receivers')} required>
          <Space wrap>
            {people.map((p) => (
              <Tag key={p.id} closable onClose={() => setPeople((l) => l.filter((x) => x.id !== p.id))}>
                {p.realName}
              </Tag>
            ))}
            <Button icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
              {t('msgAdmin.pickPeople')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item name="messageType" label={t('msgAdmin.messageType')}>
          <Select options={types} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('msgAdmin.title')}
          rules={[{ required: true, message: t('msgAdmin.titleRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('msgAdmin.content')}
          rules={[{ required: true, message: t('msgAdmin.contentRequired') }]}
        >
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
      <UserPicker
        open={picking}
        multiple
        withTree
        value={people.map((p) => p.id)}
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          setPeople(users);
          setPicking(false);
        }}
      />
    </Modal>
  );
}

export default function LogPage() {
  const { t } = useTranslation();
  const [composing, setComposing] = useState<null | { reload(): void }>(null);
  return (
    <>
      <CrudPage
        api={messageLogApi}
        columns={columns}
        title="msgAdmin.logTitleNoun"
        permission="message_log"
        {...NO_FORM_LIST}
        pageVariant="large"
        toolbar={(h) => (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setComposing(h)}>
            {t('msgAdmin.compose')}
          </Button>
        )}
      />
      <Compose
        open={!!composing}
        onClose={(sent) => {
          if (sent) composing?.reload();
          setComposing(null);
        }}
      />
    </>
  );
}
