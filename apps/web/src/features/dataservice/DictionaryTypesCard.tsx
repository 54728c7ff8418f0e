/** The left card of the dictionaries: the type tree, with add, and edit and delete of the chosen type. */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Card, Empty, Space, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../components/crud/RowButton';
import { asTree, type TypeNode } from './dictionaryTypes';
import type { useDictionaryTypes } from './useDictionaryTypes';

export function DictionaryTypesCard({ dt }: { dt: ReturnType<typeof useDictionaryTypes> }) {
  const { t } = useTranslation();
  const { types, current } = dt;
  return (
    <Card
      size="small"
      title={t('jdict.types')}
      data-testid="jdict-types"
      extra={
        <Space size={0}>
          <RowButton icon={<PlusOutlined />} onClick={() => dt.setEditing({})}>
            {t('crud.add')}
          </RowButton>
          {current && (
            <>
              <RowButton icon={<EditOutlined />} onClick={() => dt.setEditing(current)}>
                {t('crud.edit')}
              </RowButton>
              <RowButton danger icon={<DeleteOutlined />} onClick={() => dt.removeType(current)}>
                {t('crud.remove')}
              </RowButton>
            </>
          )}
        </Space>
      }
    >
      {types.length ? (
        <Tree
          key={types.length}
          blockNode
          defaultExpandAll
          selectedKeys={current ? [current.id] : []}
          treeData={asTree(types)}
          onSelect={(_k, info) => dt.setCurrent(((info.node as any).node as TypeNode) ?? null)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}
