/** The columns of 爆管事件 (list, search bar and the 新增 dialog, where the burst pipe is picked on the map). */
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../components/crud';
import { EquipmentInput } from '../../components/map/EquipmentPicker';
import type { BurstEvent } from '../../components/map/gisApi';
import { STATUS_COLOR } from './eventStatus';

export const burstEventColumns = (t: TFunction): CrudColumn<BurstEvent>[] => [
  { prop: 'code', label: 'burstEvent.code', search: true, addDisplay: false, width: 150 },
  { prop: 'title', label: 'burstEvent.name', search: true, span: 24, ellipsis: true },
  {
    prop: 'pipe',
    label: 'burstEvent.pipe',
    hide: true,
    span: 24,
    required: 'burstEvent.pipeRequired',
    tip: 'burstEvent.pipeTip',
    component: () => <EquipmentInput layers={['pipe']} placeholder={t('burstEvent.pipeRequired')} />,
  },
  { prop: 'address', label: 'burstEvent.address', addDisplay: false, ellipsis: true },
  { prop: 'pipeDno', label: 'burstEvent.pipeDno', addDisplay: false, width: 110 },
  { prop: 'dmaCode', label: 'burstEvent.dmaCode', search: true, addDisplay: false, width: 90 },
  {
    prop: 'eventStatus',
    label: 'burstEvent.eventStatus',
    type: 'select',
    numeric: true,
    search: true,
    addDisplay: false,
    width: 100,
    options: [0, 1, 2, 3].map((v) => ({ value: v, label: `burstEvent.status.${v}` })),
    render: (v: number) => (
      <Tag color={STATUS_COLOR[v]} data-testid="event-row-status">
        {t(`burstEvent.status.${v}`)}
      </Tag>
    ),
  },
  { prop: 'valveCount', label: 'burstEvent.valveCount', addDisplay: false, width: 90 },
  { prop: 'affectedCustomers', label: 'burstEvent.affectedCustomers', addDisplay: false, width: 100 },
  {
    prop: 'criticalCount',
    label: 'burstEvent.criticalCount',
    addDisplay: false,
    width: 90,
    render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : n),
  },
  {
    prop: 'source',
    label: 'burstEvent.source',
    addDisplay: false,
    width: 100,
    render: (s: string) => t(`burstEvent.sources.${s}`, s),
  },
  {
    prop: 'occurTime',
    label: 'burstEvent.occurTime',
    type: 'datetime',
    searchType: 'daterange',
    search: true,
    addDisplay: false,
    width: 170,
  },
];
