/**
 * The editor of one item type's grants: a check tree for menus, buttons and data scopes (the candidates of
 * `Authority/Data/{id}/Values`), a list of codes for list columns and form fields (free codes: the server keeps
 * them for the low-code screens; candidates, when the server offers some, are suggested).
 */
import { App, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType, JnpfNode } from '../../api/permission';
import { CheckTree, type GrantNode } from '../../components/CheckTree';
import { flattenTree, GRANT_KEY, TREE_TYPES, toGrantNodes } from './logic';

export interface GrantEditorProps {
  type: ItemType;
  candidates?: JnpfNode[];
  value: string[];
  onChange(ids: string[]): void;
  loading?: boolean;
  height?: number;
}

export function GrantEditor({ type, candidates, value, onChange, loading, height }: GrantEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const nodes = useMemo(() => toGrantNodes(candidates) as GrantNode[], [candidates]);
  const suggestions = useMemo(
    () =>
      flattenTree(candidates ?? []).map((n) => ({
        value: String(n.enCode ?? n.id),
        label: `${n.fullName} (${n.enCode ?? n.id})`,
      })),
    [candidates],
  );
  if (TREE_TYPES.includes(type)) {
    return (
      <CheckTree
        treeData={nodes}
        value={value}
        loading={loading}
        searchable
        height={height ?? 440}
        data-testid={`grant-${type}`}
        onChange={onChange}
      />
    );
  }
  return (
    <div data-testid={`grant-${type}`}>
      <Select
        mode="tags"
        style={{ width: '100%' }}
        value={value}
        loading={loading}
        options={suggestions}
        tokenSeparators={[',', ' ']}
        placeholder={t('perm.auth.keysPlaceholder')}
        aria-label={t(`perm.auth.${type}`)}
        onChange={(next: string[]) => {
          const ok = next.map((s) => s.trim()).filter((s) => GRANT_KEY.test(s));
          if (ok.length < next.filter((s) => s.trim()).length) message.warning(t('perm.auth.badKey'));
          onChange([...new Set(ok)]);
        }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('perm.auth.keysTip')}
      </Typography.Paragraph>
    </div>
  );
}
