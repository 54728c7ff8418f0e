/**
 * 站点设置 (administrators, from 调度指令): who operates each station — its dispatch orders' 接收确认 task goes to them,
 * everyone with the operator role when no one is set — and each pressure point's own service band, which pressure
 * compliance (day report, big screen) judges its readings by.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchApi, type StationSetting } from '../../api/dispatch';
import { userApi } from '../../api/user';

function Row({
  s,
  users,
  onSaved,
}: {
  s: StationSetting;
  users: { value: string; label: string }[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ops, setOps] = useState<string[]>(s.operatorIds);
  const [lo, setLo] = useState<number | null>(s.pressureMin);
  const [hi, setHi] = useState<number | null>(s.pressureMax);
  const save = async () => {
    await dispatchApi.saveStation({ stationId: s.stationId, operatorIds: ops, pressureMin: lo, pressureMax: hi });
    message.success(t('dispatch.stationSaved'));
    onSaved();
  };
  return (
    <Space wrap>
      <Select
        mode="multiple"
        aria-label={`${t('dispatch.operators')} ${s.stnm}`}
        data-testid={`operators-${s.stcd}`}
        style={{ minWidth: 220 }}
        placeholder={t('dispatch.allOperators')}
        value={ops}
        options={users}
        optionFilterProp="label"
        onChange={setOps}
      />
      {s.sttp === 'YL' && (
        <>
          <InputNumber
            aria-label={`${t('dispatch.bandMin')} ${s.stcd}`}
            placeholder={String(s.band.min)}
            min={0}
            max={1.6}
            step={0.01}
            value={lo}
            onChange={setLo}
          />
          –
          <InputNumber
            aria-label={`${t('dispatch.bandMax')} ${s.stcd}`}
            placeholder={String(s.band.max)}
            min={0}
            max={1.6}
            step={0.01}
            value={hi}
            onChange={setHi}
          />
          MPa
        </>
      )}
      <Button size="small" type="primary" onClick={save} data-testid={`save-station-${s.stcd}`}>
        {t('dispatch.save')}
      </Button>
    </Space>
  );
}

export function StationSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['dispatch-stations'], queryFn: dispatchApi.stations, enabled: open });
  const users = useQuery({
    queryKey: ['dispatch-station-users'],
    queryFn: () => userApi.search({ current: 1, size: 200 }),
    enabled: open,
  });
  const options = (users.data?.records ?? []).map((u) => ({
    value: u.id,
    label: u.deptName ? `${u.realName}（${u.deptName}）` : u.realName,
  }));
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={980}
      title={t('dispatch.stationSettings')}
      destroyOnHidden
    >
      <Table<StationSetting>
        rowKey="stationId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 8 }}
        columns={[
          { title: t('dispatch.station'), render: (_, s) => `${s.stnm} (${s.stcd})`, width: 220 },
          {
            title: `${t('dispatch.operators')} / ${t('dispatch.band')}`,
            render: (_, s) =>
              users.data ? <Row key={s.stationId} s={s} users={options} onSaved={() => void list.refetch()} /> : null,
          },
        ]}
      />
    </Modal>
  );
}
