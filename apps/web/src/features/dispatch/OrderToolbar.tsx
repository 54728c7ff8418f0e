/** 调度指令's toolbar: the state filter, 站点设置 for administrators and 下达指令 for those who may issue. */
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '../../api/dispatch';

export function OrderToolbar({
  state,
  onState,
  isAdmin,
  canIssue,
  onSettings,
  onIssue,
}: {
  state: OrderState | undefined;
  onState: (v: OrderState | undefined) => void;
  isAdmin: boolean;
  canIssue: boolean;
  onSettings: () => void;
  onIssue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Select
        allowClear
        placeholder={t('dispatch.state')}
        aria-label={t('dispatch.state')}
        style={{ width: 140 }}
        value={state}
        onChange={(v) => onState(v)}
        options={(['issued', 'acknowledged', 'done', 'cancelled'] as const).map((s) => ({
          value: s,
          label: t(`dispatch.states.${s}`),
        }))}
      />
      {isAdmin && (
        <Button onClick={onSettings} data-testid="station-settings">
          {t('dispatch.stationSettings')}
        </Button>
      )}
      {canIssue && (
        <Button type="primary" onClick={onIssue} data-testid="issue-order">
          {t('dispatch.issue')}
        </Button>
      )}
    </Space>
  );
}
