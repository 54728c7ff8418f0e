/** 业务分类 (`/api/blade-business/business-category`): the category tree of business forms. */
import { businessCategoryApi } from '../../../api/lowcode';
import { type CrudColumn, CrudPage, remarkColumn, sortColumn } from '../../../components/crud';
import { toTreeOptions } from '../../../components/widgets/treeUtils';

const parents = async () => [
  { label: 'lowcode.biz.root', value: '0' },
  ...toTreeOptions(await businessCategoryApi.tree()).map(function conv(n): any {
    return { label: n.title, value: n.value, children: n.children?.map(conv) };
  }),
];

export default function BusinessCategoryPage() {
  const columns: CrudColumn[] = [
    {
      prop: 'categoryName',
      label: 'lowcode.biz.categoryName',
      search: true,
      required: 'lowcode.biz.categoryNameRequired',
    },
    {
      prop: 'categoryCode',
      label: 'lowcode.biz.categoryCode',
      search: true,
      required: 'lowcode.biz.categoryCodeRequired',
    },
    { prop: 'parentId', label: 'lowcode.biz.parent', type: 'tree', options: parents, defaultValue: '0', hide: true },
    sortColumn('crud.sort', { min: 0, defaultValue: 0 }),
    remarkColumn('crud.remark'),
  ];
  return (
    <CrudPage
      api={businessCategoryApi}
      columns={columns}
      title="lowcode.biz.categoryTitle"
      permission="business_category"
      tree
      paged={false}
      testId="business-category-page"
    />
  );
}
