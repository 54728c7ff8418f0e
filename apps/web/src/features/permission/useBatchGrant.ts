/**
 * State and calls of 批量授权: the chosen roles, positions and users, the catalogue of grantable items (loaded
 * when the dialog opens, through the first object of the tenant), the chosen items, and the batch grant.
 */
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuthorityValues, type ItemType, type ObjectType, permissionApi } from '../../api/permission';
import { emptyItemIds, grantsOf, type ItemIds, nonEmptyGrants } from './logic';

const A = permissionApi;

/** The catalogue of grantable items, through the first object of the tenant. */
async function loadCatalogue(): Promise<AuthorityValues | null> {
  const sources: [ObjectType, () => Promise<{ list: { id?: unknown }[] } | null>][] = [
    ['Role', () => A.role.list({ currentPage: 1, pageSize: 1 })],
    ['Position', () => A.position.list({ currentPage: 1, pageSize: 1 })],
    ['User', () => A.users.list({ currentPage: 1, pageSize: 1 })],
  ];
  for (const [type, list] of sources) {
    const first = (await list())?.list?.[0];
    if (first) return A.authority.values(String(first.id), type);
  }
  return null;
}

/** onClose and onDone as the dialog's props have them */
export function useBatchGrant({ onClose, onDone }: { onClose(): void; onDone(objectIds: string[]): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [positionIds, setPositionIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [catalogue, setCatalogue] = useState<AuthorityValues | null>(null);
  const [items, setItems] = useState<ItemIds>(emptyItemIds);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setRoleIds([]);
    setPositionIds([]);
    setUserIds([]);
    setItems(emptyItemIds());
  };

  const start = async () => {
    reset();
    setLoading(true);
    try {
      setCatalogue(await loadCatalogue());
    } catch {
      setCatalogue(null);
    } finally {
      setLoading(false);
    }
  };

  const submit = async () => {
    const objects = [...roleIds, ...positionIds, ...userIds];
    if (!objects.length) {
      message.warning(t('perm.auth.chooseObjects'));
      return;
    }
    const grants = nonEmptyGrants(grantsOf(items, catalogue));
    if (!Object.keys(grants).length) {
      message.warning(t('perm.auth.chooseItems'));
      return;
    }
    setSaving(true);
    try {
      await A.authority.batch({ roleIds, positionIds, userIds, ...grants });
      message.success(t('crud.operationSuccess'));
      onClose();
      onDone(objects);
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };

  const setItem = (type: ItemType, ids: string[]) => setItems((s) => ({ ...s, [type]: ids }));

  return {
    roleIds,
    setRoleIds,
    positionIds,
    setPositionIds,
    userIds,
    setUserIds,
    catalogue,
    items,
    setItem,
    loading,
    saving,
    start,
    submit,
  };
}

export type BatchGrantState = ReturnType<typeof useBatchGrant>;
