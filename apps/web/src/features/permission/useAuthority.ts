/**
 * State and calls of 组织权限: the object kind and the picked object, its grant values and the edited draft (a
 * newer load wins over an older one), the open tab, and save, which writes only the item types that changed.
 */
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuthorityValues, ITEM_TYPES, type ItemType, type ObjectType, permissionApi } from '../../api/permission';
import { changedGrants, emptyItemIds, grantsOf, type ItemIds } from './logic';

const A = permissionApi;

export interface Picked {
  id: string;
  name: string;
  type: ObjectType;
}

export function useAuthority() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [type, setType] = useState<ObjectType>('Role');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [values, setValues] = useState<AuthorityValues | null>(null);
  const [draft, setDraft] = useState<ItemIds>(emptyItemIds);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<string>('module');
  const request = useRef(0);

  const load = async (o: Picked) => {
    const n = ++request.current;
    setLoading(true);
    try {
      const v = await A.authority.values(o.id, o.type);
      if (n !== request.current) return;
      setValues(v);
      const ids = emptyItemIds();
      for (const it of ITEM_TYPES) ids[it] = (v?.[it]?.ids ?? []).map(String);
      setDraft(ids);
    } catch {
      if (n === request.current) setValues(null);
    } finally {
      if (n === request.current) setLoading(false);
    }
  };

  const pick = (o: Picked) => {
    setPicked(o);
    setValues(null);
    setDraft(emptyItemIds());
    if (o.type === 'User' && tab === 'members') setTab('module');
    void load(o);
  };

  const changeType = (v: ObjectType) => {
    setType(v);
    setPicked(null);
    setValues(null);
    request.current++;
  };

  const editDraft = (it: ItemType, ids: string[]) => setDraft((d) => ({ ...d, [it]: ids }));

  const save = async () => {
    if (!picked || !values) return;
    const before = grantsOf(Object.fromEntries(ITEM_TYPES.map((it) => [it, values[it]?.ids ?? []])) as ItemIds, values);
    const changes = changedGrants(before, grantsOf(draft, values));
    if (!Object.keys(changes).length) {
      message.info(t('perm.auth.noChange'));
      return;
    }
    setSaving(true);
    try {
      await A.authority.save(picked.id, picked.type, changes);
      message.success(t('crud.operationSuccess'));
      await load(picked);
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };

  return { type, changeType, picked, pick, values, draft, editDraft, loading, saving, tab, setTab, load, save };
}

export type AuthorityState = ReturnType<typeof useAuthority>;
