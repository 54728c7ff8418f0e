/**
 * 数据模型 (`/api/blade-business/business-data-model`): a business form's model names a data source and table (its
 * fields come from there); the form's records themselves are kept with the low-code records (`lc_record`).
 */
import { businessDataModelApi, dataModelApi } from '../../../api/lowcode';
import { CrudPage, saveOrUpdate } from '../../../components/crud';
import { rowsIn } from '../data/rows';
import { businessDataModelColumns } from './columns';

export const businessDataModels = saveOrUpdate(businessDataModelApi);

export default function BusinessDataModelPage() {
  return (
    <CrudPage
      api={businessDataModels}
      columns={businessDataModelColumns}
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
