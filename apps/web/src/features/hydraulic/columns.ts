/** The columns of 管材糙率 (list, search bar and dialog), with the C-at-age rule its example column shows. */
import type { PipeMaterial } from '../../api/hydraulic';
import { type CrudColumn, remarkColumn, sortColumn } from '../../components/crud';

/** the C a pipe of this row has at `age` years (the same rule as the model builder's) */
export function cAtAge(r: Pick<PipeMaterial, 'hazenC' | 'agingPerYear' | 'minC'>, age: number) {
  return Math.max(Math.min(r.minC, r.hazenC), Math.round((r.hazenC - r.agingPerYear * age) * 10) / 10);
}

export const materialColumns: CrudColumn<PipeMaterial>[] = [
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
];
