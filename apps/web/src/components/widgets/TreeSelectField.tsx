/**
 * Tree select, single or multiple; in last-level mode only leaf nodes are accepted (spec 1 §2.12, spec 2 §2).
 * The flavours for company, department, position, dictionary and user are in `treeSelects.tsx`.
 */
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptValues, leafOnlyTree, type TreeOption, withChildren } from './treeUtils';

export interface TreeSelectFieldProps {
  value?: string | string[];
  /** multiple values may travel comma-joined */
  onChange?: (value: any) => void;
  multiple?: boolean;
  /** last-level mode */
  leafOnly?: boolean;
  /** the whole tree (or the first level when `loadChildren` is given) */
  load: () => Promise<TreeOption[]>;
  /** lazy children of a node */
  loadChildren?: (node: TreeOption) => Promise<TreeOption[]>;
  /** the value is a comma-joined string */
  joined?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  allowClear?: boolean;
  /** a change of this key reloads the tree */
  reloadKey?: unknown;
  style?: React.CSSProperties;
  /** the accessible name when no form label names the field */
  'aria-label'?: string;
}

export function TreeSelectField(p: TreeSelectFieldProps) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TreeOption[]>([]);
  const [loading, setLoading] = useState(false);
  const loaded = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree reloads when reloadKey changes
  useEffect(() => {
    let live = true;
    setLoading(true);
    loaded.current.clear();
    p.load()
      .then((nodes) => live && setTree(nodes))
      .catch(() => live && setTree([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [p.reloadKey]);
  const data = useMemo(() => leafOnlyTree(tree, !!p.leafOnly), [tree, p.leafOnly]);
  const value = useMemo(() => {
    if (p.value === undefined || p.value === null || p.value === '') return p.multiple ? [] : undefined;
    if (p.multiple) return Array.isArray(p.value) ? p.value.map(String) : String(p.value).split(',').filter(Boolean);
    return String(p.value);
  }, [p.value, p.multiple]);

  const strict = !!p.multiple && !p.leafOnly;
  const change = (v: any) => {
    if (p.multiple) {
      const raw = ((v as any[]) ?? []).map((x) => (x && typeof x === 'object' ? x.value : x));
      const list = acceptValues(tree, raw.map(String), !!p.leafOnly);
      p.onChange?.(p.joined ? list.join(',') : list);
    } else {
      const s = v === undefined || v === null ? undefined : String(v);
      if (s !== undefined && acceptValues(tree, [s], !!p.leafOnly).length === 0) return;
      p.onChange?.(s ?? (p.joined ? '' : undefined));
    }
  };

  return (
    <TreeSelect
      id={p.id}
      aria-label={p['aria-label']}
      style={{ width: '100%', ...p.style }}
      value={value as any}
      onChange={change}
      treeData={data as any}
      loading={loading}
      multiple={p.multiple}
      treeCheckable={p.multiple}
      // each node is chosen on its own (no parent/child conduction), except in last-level mode
      treeCheckStrictly={strict}
      showCheckedStrategy={p.leafOnly ? TreeSelect.SHOW_CHILD : TreeSelect.SHOW_ALL}
      labelInValue={false}
      allowClear={p.allowClear ?? true}
      disabled={p.disabled}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll={!p.loadChildren}
      placeholder={p.placeholder ?? t('widget.tree.placeholder')}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      loadData={
        p.loadChildren
          ? async (node: any) => {
              const key = String(node.value);
              if (node.isLeaf || loaded.current.has(key)) return;
              loaded.current.add(key);
              const kids = await p.loadChildren!(node as TreeOption);
              setTree((cur) => withChildren(cur, String(node.value), kids));
            }
          : undefined
      }
    />
  );
}
