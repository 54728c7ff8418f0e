/**
 * 数据模型 (`/api/blade-business/business-data-model`): a business form's model names a data source and table (its
 * fields come from there); the form's records themselves are kept with the low-code records (`lc_record`).
 */
import type { Row } from '../../../api/crud';
import { businessDataModelApi, dataModelApi, dataSourceApi, listOf } from '../../../api/lowcode';
import { type CrudColumn, CrudPage, remarkColumn } from '../../../components/crud';
import { rowsIn } from '../data/rows';

export const businessDataModels = {
  ...businessDataModelApi,
  submit: (row: Row) => (row.id ? businessDataModelApi.update(row) : businessDataModelApi.save(row)),
};

export default function BusinessDataModelPage() {
  const columns: CrudColumn[] = [
    { prop: 'modelName', label: 'lowcode.biz.modelName', search: true, required: 'lowcode.biz.modelNameRequired' },
    { prop: 'modelCode', label: 'lowcode.biz.modelCode', search: true, required: 'lowcode.biz.modelCodeRequired' },
    {
      prop: 'dbLinkId',
      label: 'lowcode.di.dbLink',
      type: 'select',
      options: async () =>
        listOf(await dataSourceApi.selector()).list.map((d) => ({ label: String(d.fullName), value: String(d.id) })),
    },
    {
      prop: 'tableName',
      label: 'lowcode.ds.table',
      required: 'lowcode.biz.tableRequired',
      tip: 'lowcode.biz.tableTip',
    },
    remarkColumn('crud.remark'),
  ];
  return (
    <CrudPage
      api={businessDataModels}
      columns={columns}
      title="lowcode.biz.modelTitle"
      permission="business_data_model"
      testId="business-model-page"
    />
  );
}

/** The tables of a data source (for pickers that choose one). */
export async function tablesOf(dbLinkId: string): Promise<string[]> {
  return rowsIn(await dataModelApi.tables(dbLinkId)).map((r) => String(r.table ?? r.tableName ?? r.name));
}
