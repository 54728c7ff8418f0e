/**
 * Tenants (spec 2 §2, §7): list, add, edit, view, delete; the settings dialog 授权配置 sets the account quota,
 * the expiry, the package and the domain of a tenant.
 */
import { SafetyOutlined } from '@ant-design/icons';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Tenant, tenantApi } from '../../../api/system';
import { CrudPage, type Option, RowButton } from '../../../components/crud';
import { useBusyCall } from '../../../lib/useBusyCall';
import { usePermission } from '../../../stores/session';
import { packages, tenantColumns } from './columns';

function SettingDialog({ row, onClose }: { row: Tenant | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [options, setOptions] = useState<Option[]>([]);
  const { busy: saving, run } = useBusyCall();
  useEffect(() => {
    if (!row) return;
    packages()
      .then(setOptions)
      .catch(() => setOptions([]));
    form.setFieldsValue({
      accountNumber: row.accountNumber ?? -1,
      expireTime: row.expireTime ? dayjs(row.expireTime) : null,
      packageId: row.packageId ? String(row.packageId) : undefined,
      domainUrl: row.domainUrl ?? '',
    });
  }, [row, form]);
  const save = async () => {
    const v = await form.validateFields();
    await run(
      async () => {
        await tenantApi.setting([row!.id], {
          accountNumber: v.accountNumber,
          expireTime: v.expireTime ? v.expireTime.format('YYYY-MM-DD HH:mm:ss') : undefined,
        });
        if (row!.tenantId !== '000000') await tenantApi.packageSetting(row!.tenantId, v.packageId ?? '');
        if ((v.domainUrl ?? '') !== (row!.domainUrl ?? '')) {
          const full = (await tenantApi.detail(row!.id)) ?? row!;
          await tenantApi.submit({ ...full, domainUrl: v.domainUrl ?? '' });
        }
      },
      t('crud.operationSuccess'),
      () => onClose(true),
    );
  };
  return (
    <Modal
      open={!!row}
      title={t('tenant.setting')}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
    >
      <Form form={form} layout="vertical" name="tenant-setting" preserve={false}>
        <Form.Item name="accountNumber" label={t('tenant.accountNumber')} extra={t('tenant.accountTip')}>
          <InputNumber min={-1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="packageId" label={t('tenant.packageId')}>
          <Select allowClear options={options as any} disabled={row?.tenantId === '000000'} />
        </Form.Item>
        <Form.Item name="domainUrl" label={t('tenant.domainUrl')}>
          <Input placeholder="www.example.com" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function TenantPage() {
  const { t } = useTranslation();
  const [setting, setSetting] = useState<Tenant | null>(null);
  const [reload, setReload] = useState<() => void>(() => () => {});
  const canSet = usePermission('tenant_setting');
  return (
    <>
      <CrudPage<Tenant>
        api={tenantApi}
        columns={tenantColumns}
        title="tenant.title"
        permission="tenant"
        actionWidth={320}
        rowActions={(row, h) =>
          canSet && (
            <RowButton
              icon={<SafetyOutlined />}
              onClick={() => {
                setReload(() => h.reload);
                setSetting(row);
              }}
            >
              {t('tenant.setting')}
            </RowButton>
          )
        }
      />
      <SettingDialog
        row={setting}
        onClose={(saved) => {
          setSetting(null);
          if (saved) reload();
        }}
      />
    </>
  );
}
