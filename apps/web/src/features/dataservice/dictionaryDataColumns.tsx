/** Column schema of a dictionary type's data; the parent field shows only when the type is a tree. */
import type { TFunction } from 'i18next';
import { dictionaryDataApi } from '../../api/jnpf';
import type { CrudColumn } from '../../components/crud';
import { TreeSelectField } from '../../components/widgets';
import { toTreeOptions } from '../../components/widgets/treeUtils';
import { enabledColumn } from './common';
import type { TypeNode } from './dictionaryTypes';

export function dictionaryDataColumns(t: TFunction, current: TypeNode | null, reload: () => void): CrudColumn[] {
  return [
    { prop: 'fullName', label: 'jdict.dataName', required: 'jdict.dataNameRequired' },
    { prop: 'enCode', label: 'jdict.dataCode', required: 'jdict.dataCodeRequired' },
    {
      prop: 'parentId',
      label: 'jdict.parent',
      hide: true,
      defaultValue: '0',
      display: current?.isTree === 1,
      component: () => (
        <TreeSelectField
          reloadKey={current?.id}
          load={async () => [
            {
              value: '0',
              title: t('jdict.root'),
              children: toTreeOptions(current ? ((await dictionaryDataApi.list(current.id))?.list ?? []) : [], {
                title: 'fullName',
                value: 'id',
              }),
            },
          ]}
        />
      ),
    },
    { prop: 'keyword', label: 'jdict.keyword', search: true, hide: true, display: false },
    { prop: 'simpleSpelling', label: 'jdict.simpleSpelling', hide: true },
    { prop: 'isDefault', label: 'jdict.isDefault', type: 'switch', defaultValue: 0 },
    { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
    enabledColumn(dictionaryDataApi.state, reload),
    { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
  ];
}
