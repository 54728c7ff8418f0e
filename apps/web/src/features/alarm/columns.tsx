/** The columns of 报警列表 (search fields included). */
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { Alarm } from '../../api/alarm';
import { DEVICE_TYPES } from '../../api/device';
import type { CrudColumn } from '../../components/crud';
import { LEVEL_COLOR } from './AlarmDrawer';
import { limitText } from './limitRule';

export const alarmColumns = (t: TFunction): CrudColumn<Alarm>[] => [
  {
    prop: 'keyword',
    label: 'alarm.keyword',
    placeholder: 'alarm.keywordTip',
    search: true,
    hide: true,
    display: false,
  },
  {
    prop: 'alarmLevel',
    label: 'alarm.alarmLevel',
    type: 'select',
    numeric: true,
    search: true,
    width: 80,
    options: [3, 2, 1].map((v) => ({ value: v, label: `alarm.levels.${v}` })),
    render: (v: number) => <Tag color={LEVEL_COLOR[v]}>{t(`alarm.levels.${v}`)}</Tag>,
  },
  {
    prop: 'alarmType',
    label: 'alarm.alarmType',
    width: 100,
    render: (v: string) => t(`alarm.types.${v}`, v),
  },
  { prop: 'title', label: 'alarm.alarmTitle', ellipsis: true },
  {
    prop: 'deviceCode',
    label: 'alarm.deviceCode',
    search: true,
    width: 150,
    render: (_v, r) => (r.deviceCode ? `${r.deviceName ?? ''}（${r.deviceCode}）` : (r.dmaName ?? '—')),
  },
  {
    prop: 'deviceType',
    label: 'alarm.deviceType',
    type: 'select',
    search: true,
    hide: true,
    options: DEVICE_TYPES.map((v) => ({ value: v, label: `alarm.deviceTypes.${v}` })),
  },
  {
    prop: 'alarmValue',
    label: 'alarm.value',
    width: 200,
    // the limit says which way it works (上限 ≥, 下限 ≤, a baseline)
    render: (_v, r) =>
      r.alarmValue === null ? (
        '—'
      ) : (
        <span data-testid="alarm-value">
          {`${r.alarmValue}${r.unit ? ` ${r.unit}` : ''}`}
          {r.limitValue !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {limitText(t, r)}
            </Typography.Text>
          )}
        </span>
      ),
  },
  {
    prop: 'alarmTime',
    label: 'alarm.alarmTime',
    type: 'datetime',
    searchType: 'daterange',
    search: true,
    width: 165,
  },
  { prop: 'lastTime', label: 'alarm.lastTime', width: 165 },
  { prop: 'occurrences', label: 'alarm.occurrences', width: 60 },
  {
    prop: 'alarmStatus',
    label: 'alarm.alarmStatus',
    type: 'select',
    numeric: true,
    search: true,
    width: 80,
    options: [0, 1].map((v) => ({ value: v, label: `alarm.statuses.${v}` })),
    render: (v: number) => (
      <Tag color={v === 0 ? 'red' : 'green'} data-testid="alarm-status">
        {t(`alarm.statuses.${v}`)}
      </Tag>
    ),
  },
  { prop: 'closeUserName', label: 'alarm.closeUser', width: 90 },
  { prop: 'closeReason', label: 'alarm.closeReason', ellipsis: true },
];
