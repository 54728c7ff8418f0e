/** The columns of the dictionary screens (DictPage): the dictionaries (parent table) and the entries (child table). */
import { type DictRow, dictApi, dictBizApi } from '../../../api/system';
import { type CrudColumn, remarkColumn, sortColumn } from '../../../components/crud';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';

export type DictFamily = 'dict' | 'dict-biz';

const sealed = [
  { label: 'crud.no', value: 0 },
  { label: 'crud.yes', value: 1 },
];

/** The last columns of both tables: sort, sealed, remark. */
const commonTail: CrudColumn<DictRow>[] = [
  sortColumn('crud.sort', { min: 0, required: 'dict.sortRequired', defaultValue: 1 }),
  {
    prop: 'isSealed',
    label: 'dict.isSealed',
    type: 'radio',
    options: sealed,
    required: 'dict.sealedRequired',
    defaultValue: 0,
  },
  remarkColumn('crud.remark'),
];

export const parentColumns: CrudColumn<DictRow>[] = [
  { prop: 'code', label: 'dict.code', search: true, required: 'dict.codeRequired' },
  { prop: 'dictValue', label: 'dict.dictValue', search: true, required: 'dict.valueRequired' },
  ...commonTail,
];

export function childColumns(family: DictFamily, parent: DictRow): CrudColumn<DictRow>[] {
  const api = family === 'dict' ? dictApi : dictBizApi;
  // the entries of this dictionary, for the optional parent of an entry
  const entries = async () => {
    const page = await api.childList({ parentId: parent.id, current: 1, size: 1000 });
    const records = Array.isArray(page) ? page : ((page as any)?.records ?? []);
    return [
      {
        value: parent.id,
        title: parent.dictValue,
        children: toTreeOptions(records, { title: 'dictValue', value: 'id' }),
      },
    ];
  };
  return [
    { prop: 'code', label: 'dict.code', search: true, required: 'dict.codeRequired', editDisabled: true },
    { prop: 'dictValue', label: 'dict.dictValue', search: true, required: 'dict.valueRequired' },
    { prop: 'dictKey', label: 'dict.dictKey', search: true, required: 'dict.keyRequired' },
    {
      prop: 'parentId',
      label: 'dict.parentId',
      hide: true,
      span: 24,
      component: () => <TreeSelectField load={entries} reloadKey={parent.id} />,
    },
    ...commonTail,
  ];
}
