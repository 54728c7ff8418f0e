/**
 * 管材糙率: the utility's roughness table (Hazen-Williams C by material and age) the model builder reads for pipes
 * drawn without EPANET data; an edit makes the next run build a new model (modules/hydraulic/materials.ts).
 */
import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { materialApi, type PipeMaterial } from '../../api/hydraulic';
import { type CrudColumn, CrudPage, remarkColumn, sortColumn } from '../../components/crud';

/** the C a pipe of this row has at `age` years (the same rule as the model builder's) */
export function cAtAge(r: Pick<PipeMaterial, 'hazenC' | 'agingPerYear' | 'minC'>, age: number) {
  return Math.max(Math.min(r.minC, r.hazenC), Math.round((r.hazenC - r.agingPerYear * age) * 10) / 10);
}

export default function MaterialPage() {
  const { t } = useTranslation();
  const columns = useMemo<CrudColumn<PipeMaterial>[]>(
    () => [
      {
        prop: 'name',
        label: 'hydraulic.material.name',
        required: 'hydraulic.material.nameRequired',
        search: true,
        width: 200,
      },
      {
        prop: 'keywords',
        label: 'hydraulic.material.keywords',
        required: 'hydraulic.material.keywordsRequired',
        tip: 'hydraulic.material.keywordsTip',
        width: 200,
        ellipsis: true,
      },
      {
        prop: 'hazenC',
        label: 'hydraulic.material.hazenC',
        type: 'number',
        required: 'hydraulic.material.hazenCRequired',
        min: 40,
        max: 160,
        width: 110,
      },
      {
        prop: 'agingPerYear',
        label: 'hydraulic.material.agingPerYear',
        type: 'number',
        min: 0,
        max: 5,
        precision: 2,
        defaultValue: 0.4,
        width: 90,
      },
      {
        prop: 'minC',
        label: 'hydraulic.material.minC',
        type: 'number',
        min: 40,
        max: 160,
        defaultValue: 70,
        width: 90,
      },
      {
        prop: 'example',
        label: 'hydraulic.material.example',
        display: false,
        width: 100,
        render: (_v, r) => cAtAge(r, 30),
      },
      sortColumn('hydraulic.material.sort', { defaultValue: 10, width: 70 }),
      remarkColumn('hydraulic.material.remark', { rows: 2, ellipsis: true }),
    ],
    [],
  );
  return (
    <CrudPage<PipeMaterial>
      api={materialApi}
      columns={columns}
      paged={false}
      title="hydraulic.material.title"
      permission="hydraulic_material"
      viewBtn={false}
      header={<Alert type="info" showIcon title={t('hydraulic.material.intro')} style={{ marginBottom: 12 }} />}
      testId="hydraulic-material"
    />
  );
}
