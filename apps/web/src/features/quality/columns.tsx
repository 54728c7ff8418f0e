/** The columns of the quality screens (points, indicators, plans, tasks, results): list, search bar and dialog. */
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { Indicator, LabResult, Plan, QualityPoint, Task } from '../../api/quality';
import { type CrudColumn, remarkColumn, sortColumn } from '../../components/crud';
import {
  CATEGORY_OPTIONS,
  FREQUENCY_OPTIONS,
  indicatorOptions,
  KIND_OPTIONS,
  LIMIT_POINT_OPTIONS,
  limitOf,
  POINT_KIND_OPTIONS,
  pointOptions,
  STATE_OPTIONS,
} from './options';

const FIELDS = ['turbidity', 'chlorine', 'ph'].map((v) => ({ label: v, value: v }));

/** 指标限值 */
export const indicatorColumns = (t: TFunction): CrudColumn<Indicator>[] => [
  { prop: 'code', label: 'quality.code', required: 'quality.code', search: true, width: 130, editDisabled: true },
  { prop: 'name', label: 'quality.name', required: 'quality.name', search: true, width: 170 },
  { prop: 'nameEn', label: 'quality.nameEn', hide: true },
  {
    prop: 'category',
    label: 'quality.category',
    type: 'select',
    options: CATEGORY_OPTIONS,
    required: 'quality.category',
    search: true,
    width: 150,
  },
  {
    prop: 'pointKind',
    label: 'quality.pointKind',
    type: 'select',
    options: LIMIT_POINT_OPTIONS,
    defaultValue: 'all',
    width: 90,
  },
  {
    prop: 'kind',
    label: 'quality.kind',
    type: 'select',
    options: KIND_OPTIONS,
    required: 'quality.kind',
    width: 90,
  },
  { prop: 'minValue', label: 'quality.minValue', type: 'number', hide: true },
  { prop: 'maxValue', label: 'quality.maxValue', type: 'number', hide: true },
  {
    prop: 'limit',
    label: 'quality.limit',
    display: false,
    width: 100,
    render: (_v, r) => limitOf(r, t('quality.kinds.absent')),
  },
  { prop: 'unit', label: 'quality.unit', width: 90 },
  { prop: 'monitorField', label: 'quality.monitorField', type: 'select', options: FIELDS, width: 100 },
  {
    prop: 'alarmMinutes',
    label: 'quality.alarmMinutes',
    type: 'number',
    min: 0,
    max: 1440,
    defaultValue: 15,
    tip: 'quality.alarmMinutesTip',
    width: 120,
  },
  sortColumn('quality.sort', { hide: true, defaultValue: 1 }),
  remarkColumn('quality.remark', { rows: 2, ellipsis: true }),
];

/** 采样计划 */
export const planColumns: CrudColumn<Plan>[] = [
  { prop: 'code', label: 'quality.code', required: 'quality.code', search: true, width: 130 },
  { prop: 'name', label: 'quality.name', required: 'quality.name', search: true, width: 150 },
  {
    prop: 'pointCodes',
    label: 'quality.points',
    type: 'select',
    multiple: true,
    options: pointOptions,
    required: 'quality.points',
    span: 24,
    render: (v: string[]) => v?.map((c) => <Tag key={c}>{c}</Tag>),
  },
  {
    prop: 'indicatorCodes',
    label: 'quality.indicators',
    type: 'select',
    multiple: true,
    options: indicatorOptions,
    required: 'quality.indicators',
    span: 24,
    render: (v: string[]) => v?.length,
    width: 90,
  },
  {
    prop: 'frequency',
    label: 'quality.frequency',
    type: 'select',
    options: FREQUENCY_OPTIONS,
    required: 'quality.frequency',
    width: 120,
  },
  { prop: 'assignee', label: 'quality.assignee', hide: true },
  { prop: 'startDate', label: 'quality.startDate', type: 'date', required: 'quality.startDate', width: 110 },
  { prop: 'endDate', label: 'quality.endDate', type: 'date', width: 110 },
  { prop: 'enabled', label: 'quality.enabled', type: 'switch', defaultValue: true, width: 70 },
  remarkColumn('quality.remark', { rows: 2, hide: true }),
];

/** 化验结果 */
export const resultColumns = (t: TFunction): CrudColumn<LabResult>[] => [
  { prop: 'sampleCode', label: 'quality.sampleCode', required: 'quality.sampleCode', search: true, width: 170 },
  {
    prop: 'pointCode',
    label: 'quality.points',
    type: 'select',
    options: pointOptions,
    required: 'quality.points',
    search: true,
    width: 200,
    render: (_v, r) => r.pointName ?? r.pointCode,
  },
  { prop: 'sampledAt', label: 'quality.sampledAt', type: 'datetime', required: 'quality.sampledAt', width: 160 },
  {
    prop: 'indicatorCode',
    label: 'quality.indicator',
    type: 'select',
    options: indicatorOptions,
    required: 'quality.indicator',
    search: true,
    width: 150,
    render: (_v, r) => r.indicatorName ?? r.indicatorCode,
  },
  { prop: 'value', label: 'quality.value', type: 'number', min: 0, required: 'quality.value', width: 90 },
  { prop: 'unit', label: 'quality.valueUnit', tip: 'quality.valueUnitTip', width: 80, editDisplay: false },
  { prop: 'limitText', label: 'quality.limit', display: false, width: 90 },
  {
    prop: 'compliant',
    label: 'quality.compliant',
    display: false,
    width: 90,
    render: (v: boolean) =>
      v ? (
        <Tag color="green">{t('quality.pass')}</Tag>
      ) : (
        <Tag color="red" data-testid="quality-result-fail">
          {t('quality.fail')}
        </Tag>
      ),
  },
  remarkColumn('quality.remark', { rows: 2, hide: true }),
];

/** 采样任务 (view only) */
export const taskColumns = (t: TFunction): CrudColumn<Task>[] => [
  { prop: 'dueDate', label: 'quality.dueDate', type: 'date', search: true, width: 110 },
  { prop: 'planName', label: 'quality.planName', width: 140 },
  { prop: 'pointCode', label: 'quality.points', search: true, width: 110 },
  { prop: 'pointName', label: 'quality.name', width: 180 },
  { prop: 'indicatorCodes', label: 'quality.indicators', render: (v: string[]) => v?.join(', '), ellipsis: true },
  {
    prop: 'state',
    label: 'quality.state',
    type: 'select',
    options: STATE_OPTIONS,
    search: true,
    width: 90,
    render: (v: string) => <Tag color={v === 'done' ? 'green' : 'blue'}>{t(`quality.states.${v}`)}</Tag>,
  },
  { prop: 'sampleCode', label: 'quality.sampleCode', width: 150 },
];

/** 水质点位 */
export const pointColumns: CrudColumn<QualityPoint>[] = [
  { prop: 'code', label: 'quality.code', required: 'quality.code', search: true, width: 120, editDisabled: true },
  { prop: 'name', label: 'quality.name', required: 'quality.name', search: true, width: 200 },
  {
    prop: 'pointKind',
    label: 'quality.pointKind',
    type: 'select',
    options: POINT_KIND_OPTIONS,
    required: 'quality.pointKind',
    search: true,
    width: 100,
  },
  { prop: 'stcd', label: 'quality.stcd', width: 110 },
  { prop: 'address', label: 'quality.address', ellipsis: true },
  sortColumn('quality.sort', { hide: true, defaultValue: 1 }),
  remarkColumn('quality.remark', { rows: 2, hide: true }),
];
