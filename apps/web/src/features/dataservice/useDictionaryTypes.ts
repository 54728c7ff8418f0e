/**
 * State and calls of the dictionary type tree: the loaded types, the chosen one, the type being edited, delete
 * with confirmation, and the reload after a save (the chosen type is looked up again so its flags stay current).
 */
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryTypeApi } from '../../api/jnpf';
import { findType, type TypeNode } from './dictionaryTypes';

export function useDictionaryTypes() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [types, setTypes] = useState<TypeNode[]>([]);
  const [current, setCurrent] = useState<TypeNode | null>(null);
  const [editing, setEditing] = useState<Partial<TypeNode> | null>(null);

  const loadTypes = useCallback(async () => {
    const list = ((await dictionaryTypeApi.page({})) as TypeNode[]) ?? [];
    setTypes(list);
    return list;
  }, []);
  useEffect(() => {
    void loadTypes();
  }, [loadTypes]);

  const removeType = (node: TypeNode) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmRemove'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        // a refusal has been shown by the HTTP client; the confirmation closes either way
        await (async () => {
          await dictionaryTypeApi.remove([node.id]);
          message.success(t('crud.removeSuccess'));
          if (current?.id === node.id) setCurrent(null);
          void loadTypes();
        })().catch(() => {});
      },
    });

  const closeEditing = (saved: boolean) => {
    setEditing(null);
    if (saved)
      void loadTypes().then((list) => {
        if (current) setCurrent(findType(list, current.id) ?? null);
      });
  };

  return { types, current, setCurrent, editing, setEditing, removeType, closeEditing };
}
