/**
 * Tree helpers of the tree selects (spec 1 §2.12): server nodes → options, leaves, and the last-level rule.
 */
export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
  /** a lazily loaded node that may have children */
  isLeaf?: boolean;
  disabled?: boolean;
  selectable?: boolean;
  disableCheckbox?: boolean;
  [extra: string]: unknown;
}

type AnyNode = Record<string, any>;

/** Server nodes (BladeX `{ id, title, value, children }`, JNPF `{ id, fullName, children }`) → options. */
export function toTreeOptions(nodes: AnyNode[] | undefined, map?: { value?: string; title?: string }): TreeOption[] {
  return (nodes ?? []).map((n) => {
    const value = String(n[map?.value ?? ''] ?? n.value ?? n.id ?? n.key);
    const title = String(n[map?.title ?? ''] ?? n.title ?? n.fullName ?? n.name ?? n.label ?? value);
    const children = n.children?.length ? toTreeOptions(n.children, map) : undefined;
    const opt: TreeOption = { ...n, value, title, children };
    if (!children && n.hasChildren !== undefined) opt.isLeaf = !n.hasChildren;
    return opt;
  });
}

/** True when a node has no children (loaded or announced). */
export function isLeafNode(n: TreeOption): boolean {
  if (n.children?.length) return false;
  return n.isLeaf !== false;
}

/** Marks non-leaf nodes unselectable in last-level mode. */
export function leafOnlyTree(nodes: TreeOption[], leafOnly: boolean): TreeOption[] {
  if (!leafOnly) return nodes;
  return nodes.map((n) => {
    const leaf = isLeafNode(n);
    return {
      ...n,
      selectable: leaf,
      disableCheckbox: !leaf,
      children: n.children ? leafOnlyTree(n.children, true) : undefined,
    };
  });
}

/** The first node of a tree, depth first, that `hit` accepts. */
export function findInTree<N extends { children?: N[] }>(nodes: N[], hit: (n: N) => boolean): N | undefined {
  for (const n of nodes) {
    if (hit(n)) return n;
    const found = n.children && findInTree(n.children, hit);
    if (found) return found;
  }
  return undefined;
}

export function findNode(nodes: TreeOption[], value: string): TreeOption | undefined {
  return findInTree(nodes, (n) => n.value === value);
}

/** The values a selection may keep: in last-level mode only leaves are accepted. */
export function acceptValues(nodes: TreeOption[], values: string[], leafOnly: boolean): string[] {
  if (!leafOnly) return values;
  return values.filter((v) => {
    const n = findNode(nodes, v);
    return n ? isLeafNode(n) : false;
  });
}

/** Inserts loaded children under a node (lazy trees). */
export function withChildren(nodes: TreeOption[], value: string, children: TreeOption[]): TreeOption[] {
  return nodes.map((n) => {
    if (n.value === value) return { ...n, children, isLeaf: children.length === 0 };
    return n.children ? { ...n, children: withChildren(n.children, value, children) } : n;
  });
}

/** Keeps the nodes for which `keep` holds, and the ancestors of such nodes. */
export function filterTree(nodes: TreeOption[], keep: (n: TreeOption) => boolean): TreeOption[] {
  const out: TreeOption[] = [];
  for (const n of nodes) {
    const children = n.children ? filterTree(n.children, keep) : undefined;
    if (keep(n) || children?.length) out.push({ ...n, children: children?.length ? children : undefined });
  }
  return out;
}
