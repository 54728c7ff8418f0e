/**
 * 业务设计 (`/api/blade-business/business-design`): a named list design of a business form, grouped (`bis-group`).
 * A design without its own column list shows every value field of its form in 业务办理.
 */
import type { Row } from '../../../api/crud';
import { businessDesignApi, businessFormApi } from '../../../api/lowcode';
import { type CrudColumn, CrudPage, remarkColumn } from '../../../components/crud';

/** The family's save (no id) and update (an id) behind the one submit CrudPage calls. */
export const businessDesigns = {
  ...businessDesignApi,
  submit: (row: Row) => (row.id ? businessDesignApi.update(row) : businessDesignApi.save(row)),
};

const formOptions = async () =>
  ((await businessFormApi.listAll()) ?? []).map((f) => ({ label: String(f.formName), value: String(f.id) }));

export default function BusinessDesignPage() {
  const columns: CrudColumn[] = [
    {
      prop: 'designName',
      label: 'lowcode.biz.designName',
      search: true,
      required: 'lowcode.biz.designNameRequired',
    },
    {
      prop: 'formId',
      label: 'lowcode.biz.form',
      type: 'select',
      options: formOptions,
      required: 'lowcode.biz.formRequired',
    },
    { prop: 'groupName', label: 'lowcode.biz.groupName', search: true },
    remarkColumn('crud.remark'),
  ];
  return (
    <CrudPage
      api={businessDesigns}
      columns={columns}
      title="lowcode.biz.designTitle"
      permission="business_design"
      testId="business-design-page"
    />
  );
}
