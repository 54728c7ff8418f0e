/**
 * A checkable tree for grants (tenant package menus, role menus / data scopes / API scopes, top-menu menus).
 * The value is the list of chosen ids including the half-checked parents (a granted child needs its parents to
 * show); what is displayed is derived from the leaves, so that a stored parent does not check all its children.
 */
import { Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface GrantNode {
  id?: string;
  value?: string;
  key?: string;
  title: string;
  children?: GrantNode[];
  [k: string]: unknown;
}

interface Node {
  key: string;
  title: string;
  children?: Node[];
}

const toNodes = (list: GrantNode[] | undefined): Node[] =>
  (list ?? []).map((n) => ({
    key: String(n.value ?? n.id ?? n.key),
    title: String(n.title ?? n.name ?? ''),
    children: n.children?.length ? toNodes(n.children) : undefined,
  }));

function leaves(nodes: Node[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) leaves(n.children, out);
    else out.add(n.key);
  }
  return out;
}

function filterNodes(nodes: Node[], kw: string): Node[] {
  if (!kw) return nodes;
  const out: Node[] = [];
  for (const n of nodes) {
    const kids = n.children ? filterNodes(n.children, kw) : undefined;
    if (n.title.includes(kw) || kids?.length) out.push({ ...n, children: kids?.length ? kids : n.children });
  }
  return out;
}

export interface CheckTreeProps {
  treeData?: GrantNode[];
  value?: string[] | string;
  onChange?: (ids: string[]) => void;
  loading?: boolean;
  disabled?: boolean;
  height?: number;
  /** a search box above the tree */
  searchable?: boolean;
  id?: string;
  'data-testid'?: string;
}

export function CheckTree(p: CheckTreeProps) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  const nodes = useMemo(() => toNodes(p.treeData), [p.treeData]);
  const leafKeys = useMemo(() => leaves(nodes), [nodes]);
  const value = Array.isArray(p.value) ? p.value : p.value ? String(p.value).split(',').filter(Boolean) : [];
  const checked = value.filter((k) => leafKeys.has(k));
  const shown = useMemo(() => filterNodes(nodes, kw.trim()), [nodes, kw]);
  return (
    <div id={p.id} data-testid={p['data-testid']}>
      {p.searchable && (
        <Input.Search
          allowClear
          size="small"
          placeholder={t('system.common.filter')}
          style={{ marginBottom: 8 }}
          onChange={(e) => setKw(e.target.value)}
        />
      )}
      <Spin spinning={!!p.loading}>
        {nodes.length ? (
          <div
            style={{
              maxHeight: p.height ?? 360,
              overflow: 'auto',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              padding: 4,
            }}
          >
            <Tree
              checkable
              selectable={false}
              disabled={p.disabled}
              defaultExpandAll
              treeData={shown as any}
              checkedKeys={checked}
              onCheck={(keys, info) => {
                const full = Array.isArray(keys) ? keys : keys.checked;
                p.onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(String));
              }}
            />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </div>
  );
}
