/**
 * Lock (spec 1 §2.5, §4): with no lock password set, the dialog 设置锁屏密码 asks for one (锁屏密码不能为空);
 * then the session locks (every tab, and the server) and goes to /lock after 100 ms.
 */
import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lockAction, useUi } from '../stores/ui';
import { HeaderButton } from './HeaderButton';
import { lockSession } from './lock/sessionLock';

export function LockButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ passwd: string }>();

  // the whole session locks: the server, this tab and the others (each returns to its own page on unlock)
  const lock = () => lockSession(useUi.getState().lockPasswd);

  function onClick() {
    if (lockAction(useUi.getState().lockPasswd) === 'dialog') setOpen(true);
    else lock();
  }

  async function onSubmit() {
    let passwd: string;
    try {
      ({ passwd } = await form.validateFields());
    } catch {
      return; // the form shows 锁屏密码不能为空
    }
    useUi.getState().setLockPasswd(passwd);
    setOpen(false);
    form.resetFields();
    lock();
  }

  return (
    <>
      <HeaderButton label={t('navbar.lock')} icon={<LockOutlined />} onClick={onClick} testId="lock-button" />
      <Modal
        title={t('lock.dialogTitle')}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={onSubmit}
        width={400}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={onSubmit}>
          <Form.Item
            name="passwd"
            label={t('lock.password')}
            rules={[{ required: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password placeholder={t('lock.placeholder')} autoFocus onPressEnter={onSubmit} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
