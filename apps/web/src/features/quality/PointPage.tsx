/** 水质点位: where water is sampled or measured (plant outlet or network), optionally an online station. */
import { useMemo } from 'react';
import { pointApi, type QualityPoint } from '../../api/quality';
import { type CrudColumn, CrudPage, remarkColumn, sortColumn } from '../../components/crud';
import { POINT_KIND_OPTIONS } from './options';

export default function PointPage() {
  const columns = useMemo<CrudColumn<QualityPoint>[]>(
    () => [
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
    ],
    [],
  );
  return (
    <CrudPage<QualityPoint>
      api={pointApi}
      columns={columns}
      paged={false}
      title="quality.pointTitle"
      permission="quality_point"
      viewBtn={false}
      testId="quality-point"
    />
  );
}
