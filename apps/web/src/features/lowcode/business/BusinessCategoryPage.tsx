/** 业务分类 (`/api/blade-business/business-category`): the category tree of business forms. */
import { businessCategoryApi } from '../../../api/lowcode';
import { CrudPage } from '../../../components/crud';
import { businessCategoryColumns } from './columns';

export default function BusinessCategoryPage() {
  return (
    <CrudPage
      api={businessCategoryApi}
      columns={businessCategoryColumns}
      title="lowcode.biz.categoryTitle"
      permission="business_category"
      tree
      paged={false}
      testId="business-category-page"
    />
  );
}
