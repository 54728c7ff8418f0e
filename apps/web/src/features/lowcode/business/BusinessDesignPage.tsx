/**
 * 业务设计 (`/api/blade-business/business-design`): a named list design of a business form, grouped (`bis-group`).
 * A design without its own column list shows every value field of its form in 业务办理.
 */
import type { Row } from '../../../api/crud';
import { businessDesignApi } from '../../../api/lowcode';
import { CrudPage } from '../../../components/crud';
import { businessDesignColumns } from './columns';

/** The family's save (no id) and update (an id) behind the one submit CrudPage calls. */
export const businessDesigns = {
  ...businessDesignApi,
  submit: (row: Row) => (row.id ? businessDesignApi.update(row) : businessDesignApi.save(row)),
};

export default function BusinessDesignPage() {
  return (
    <CrudPage
      api={businessDesigns}
      columns={businessDesignColumns}
      title="lowcode.biz.designTitle"
      permission="business_design"
      testId="business-design-page"
    />
  );
}
