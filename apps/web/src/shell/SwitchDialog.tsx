/**
 * Switch dialog 用户信息选择 (spec 1 §2.5, §5, §6): a department select, a role select and a 切换 button.
 * Switching asks the server for a new token for the chosen department and role (refresh grant with Dept-Id and
 * Role-Id), then reloads the menus and buttons for it.
 */
import { App, Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeptOptions, fetchRoleOptions, type Option } from '../api/auth';
import { AppFeedback } from '../components/AppFeedback';
import { validValues } from '../lib/validValues';
import { useSession } from '../stores/session';

interface Props {
  open: boolean;
  userId?: string;
  onCancel(): void;
  onDone(): void;
}

const labelOf = (o: Option) => o.deptName ?? o.roleName ?? o.title ?? o.name ?? o.id;

function SwitchForm({ open, userId, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const info = useSession.getState().userInfo;
    void fetchDeptOptions(userId).then(
      (d) => setDepts(d ?? []),
      () => setDepts([]),
    );
    void fetchRoleOptions(userId).then(
      (r) => setRoles(r ?? []),
      () => setRoles([]),
    );
    const one = (v: unknown) => (v && !String(v).includes(',') ? String(v) : undefined);
    form.setFieldsValue({ deptId: one(info?.dept_id), roleId: one(info?.role_id) });
  }, [open, userId, form]);

  async function submit() {
    const v = await validValues(form);
    if (!v) return; // the form shows 请选择部门 / 请选择角色
    setSaving(true);
    try {
      const s = useSession.getState();
      await s.refresh({ deptId: v.deptId, roleId: v.roleId });
      if (s.menuLoaded) await s.loadSessionMenus();
      onDone();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={t('switchUser.title')}
      open={open}
      onCancel={onCancel}
      width={450}
      destroyOnHidden
      footer={
        <Button type="primary" loading={saving} onClick={submit}>
          {t('switchUser.submit')}
        </Button>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="deptId"
          label={t('switchUser.dept')}
          validateTrigger="onBlur"
          rules={[{ required: true, message: t('switchUser.deptRequired') }]}
        >
          <Select options={depts.map((d) => ({ value: String(d.id), label: labelOf(d) }))} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switchUser.role')}
          validateTrigger="onBlur"
          rules={[{ required: true, message: t('switchUser.roleRequired') }]}
        >
          <Select options={roles.map((r) => ({ value: String(r.id), label: labelOf(r) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Works on the sign-in page too (outside the shell), hence its own antd App context. */
export default function SwitchDialog(props: Props) {
  return (
    <AppFeedback bind={false}>
      <SwitchForm {...props} />
    </AppFeedback>
  );
}
