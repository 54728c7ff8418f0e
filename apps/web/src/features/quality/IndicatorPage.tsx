/** 指标限值: the GB 5749-2022 indicators and their limits per point kind, editable per utility. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Indicator, indicatorApi } from '../../api/quality';
import { type CrudColumn, CrudPage, remarkColumn, sortColumn } from '../../components/crud';
import { CATEGORY_OPTIONS, KIND_OPTIONS, LIMIT_POINT_OPTIONS, limitOf } from './options';

const FIELDS = ['turbidity', 'chlorine', 'ph'].map((v) => ({ label: v, value: v }));

export default function IndicatorPage() {
  const { t } = useTranslation();
  const columns = useMemo<CrudColumn<Indicator>[]>(
    () => [
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
    ],
    [t],
  );
  return (
    <CrudPage<Indicator>
      api={indicatorApi}
      columns={columns}
      paged={false}
      title="quality.indicatorTitle"
      permission="quality_indicator"
      viewBtn={false}
      testId="quality-indicator"
    />
  );
}
