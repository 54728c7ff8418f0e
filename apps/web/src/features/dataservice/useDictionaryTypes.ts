/**
 * State and calls of the dictionary type tree: the loaded types, the chosen one, the type being edited, delete
 * with confirmation, and the reload after a save (the chosen type is looked up again so its flags stay current).
 */
import { useCallback, useEffect, useState } from 'react';
import { dictionaryTypeApi } from '../../api/jnpf';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';
import { findType, type TypeNode } from './dictionaryTypes';

export function useDictionaryTypes() {
  const confirmRemove = useConfirmRemove();
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
    confirmRemove(
      () => dictionaryTypeApi.remove([node.id]),
      () => {
        if (current?.id === node.id) setCurrent(null);
        void loadTypes();
      },
    );

  const closeEditing = (saved: boolean) => {
    setEditing(null);
    if (saved)
      void loadTypes().then((list) => {
        if (current) setCurrent(findType(list, current.id) ?? null);
      });
  };

  return { types, current, setCurrent, editing, setEditing, removeType, closeEditing };
}
