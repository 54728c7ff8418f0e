/** 设备管理: the phones the field app runs on, who used them last, and signing out a lost one. */
import { App as AntApp, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../stores/session';
import { type AppDevice, appAdminApi } from './api';

export default function DevicePage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [rows, setRows] = useState<AppDevice[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const canRevoke = usePermission('app_device_revoke');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await appAdminApi.devices({ current: page, size: 20, realName: name || undefined });
      setRows(r.records);
      setTotal(r.total);
    } finally {
      setLoading(false);
    }
  }, [page, name]);
  useEffect(() => void load(), [load]);

  return (
    <Card data-testid="app-devices">
      <Input.Search
        placeholder={t('appAdmin.search')}
        allowClear
        onSearch={(v) => {
          setPage(1);
          setName(v.trim());
        }}
        style={{ width: 260, marginBottom: 12 }}
      />
      <Table<AppDevice>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{ current: page, pageSize: 20, total, onChange: setPage }}
        columns={[
          { title: t('appAdmin.realName'), dataIndex: 'realName' },
          { title: t('appAdmin.account'), dataIndex: 'account' },
          { title: t('appAdmin.appVersion'), dataIndex: 'appVersion' },
          { title: t('appAdmin.lastSeen'), dataIndex: 'lastSeen' },
          { title: t('appAdmin.deviceId'), dataIndex: 'deviceId', ellipsis: true },
          {
            title: t('appAdmin.state'),
            dataIndex: 'revoked',
            render: (v: number) =>
              v ? <Tag color="red">{t('appAdmin.revoked')}</Tag> : <Tag color="green">{t('appAdmin.active')}</Tag>,
          },
          {
            title: '',
            key: 'op',
            render: (_, r) =>
              canRevoke && !r.revoked ? (
                <Space>
                  <Popconfirm
                    title={t('appAdmin.revokeConfirm')}
                    onConfirm={async () => {
                      await appAdminApi.revoke(r.id);
                      void message.success(t('appAdmin.revokedDone'));
                      void load();
                    }}
                  >
                    <Button size="small" danger data-testid="app-device-revoke">
                      {t('button.appRevoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
