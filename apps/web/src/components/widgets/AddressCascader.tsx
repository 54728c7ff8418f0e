/**
 * Address cascader (spec 1 §2.12, spec 2 §2): province / city / district … loaded level by level from
 * `/api/blade-system/region/lazy-tree?parentCode=` (provinces under '00'). The value is the list of region codes
 * (or, with `names`, the names joined with '/'), e.g. ['34', '3401', '340121'].
 */
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionApi } from '../../api/system';

export const REGION_ROOT = '00';

interface Node {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: Node[];
}

export interface AddressCascaderProps {
  value?: string[] | string;
  onChange?: (value: any, names?: string[]) => void;
  /** deepest level: 1 province, 2 city, 3 district (default), 4 town, 5 village */
  level?: number;
  /** store the names joined with '/' instead of the codes */
  names?: boolean;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /** children of a code (default the server's lazy tree) */
  load?: (
    parentCode: string,
  ) => Promise<{ value: string; title: string; hasChildren?: boolean; regionLevel?: number }[]>;
}

export function AddressCascader(p: AddressCascaderProps) {
  const { t } = useTranslation();
  const level = p.level ?? 3;
  const [options, setOptions] = useState<Node[]>([]);
  const load = p.load ?? ((code: string) => regionApi.lazyTree(code) as any);

  const nodes = (list: { value: string; title: string; hasChildren?: boolean }[], depth: number): Node[] =>
    (list ?? []).map((r) => ({
      value: String(r.value),
      label: String(r.title),
      isLeaf: depth >= level || r.hasChildren === false,
    }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the provinces load once
  useEffect(() => {
    let live = true;
    load(REGION_ROOT)
      .then((list: any[]) => live && setOptions(nodes(list, 1)))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, []);

  // when a stored value arrives, load the levels along its path so that the labels show
  const codes = Array.isArray(p.value) ? p.value : p.value && !p.names ? String(p.value).split(',') : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the stored codes and the loaded provinces
  useEffect(() => {
    if (!codes.length || !options.length) return;
    let live = true;
    (async () => {
      let tree = options;
      for (let i = 0; i < codes.length - 1 && i < level - 1; i++) {
        const path = codes.slice(0, i + 1);
        const node = find(tree, path);
        if (!node || node.children || node.isLeaf) continue;
        const kids = nodes(await load(codes[i]), i + 2);
        tree = attach(tree, path, kids);
      }
      if (live && tree !== options) setOptions(tree);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [codes.join(','), options.length]);

  return (
    <Cascader
      id={p.id}
      style={{ width: '100%' }}
      options={options}
      value={codes.length ? codes : undefined}
      disabled={p.disabled}
      changeOnSelect
      placeholder={p.placeholder ?? t('widget.address.placeholder')}
      loadData={async (selected) => {
        const path = selected.map((s) => String(s.value));
        const kids = nodes(await load(path[path.length - 1]), path.length + 1);
        setOptions((cur) => attach(cur, path, kids));
      }}
      onChange={(v, sel) => {
        const list = (v ?? []).map(String);
        const labels = (sel ?? []).map((s: any) => String(s.label));
        p.onChange?.(p.names ? labels.join('/') : list, labels);
      }}
    />
  );
}

function find(tree: Node[], path: string[]): Node | undefined {
  let list: Node[] | undefined = tree;
  let node: Node | undefined;
  for (const code of path) {
    node = list?.find((n) => n.value === code);
    list = node?.children;
  }
  return node;
}

function attach(tree: Node[], path: string[], kids: Node[]): Node[] {
  const [head, ...rest] = path;
  return tree.map((n) => {
    if (n.value !== head) return n;
    if (!rest.length) return { ...n, children: kids, isLeaf: kids.length === 0 };
    return { ...n, children: attach(n.children ?? [], rest, kids) };
  });
}
