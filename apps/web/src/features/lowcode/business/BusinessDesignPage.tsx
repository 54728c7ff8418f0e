/**
 * 业务设计 (`/api/blade-business/business-design`): a named list design of a business form, grouped (`bis-group`).
 * A design without its own column list shows every value field of its form in 业务办理.
 */
import { businessDesignApi } from '../../../api/lowcode';
import { CrudPage, saveOrUpdate } from '../../../components/crud';
import { businessDesignColumns } from './columns';

export const businessDesigns = saveOrUpdate(businessDesignApi);

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
