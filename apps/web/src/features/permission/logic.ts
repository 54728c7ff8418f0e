/**
 * Pure rules of the JNPF permission screens: trees of organisations (flatten, nest, keyword filter), the grants
 * an authority save sends (only grantable ids, only the item types that changed), column/form keys, members.
 */
import { type AuthorityValues, type Grants, ITEM_TYPES, type ItemType, type JnpfNode } from '../../api/permission';
import type { TreeOption } from '../../components/widgets/treeUtils';

type Tree<T> = T & { id: string; parentId?: string; children?: Tree<T>[] };

/** Every node of a tree, depth first, without its `children`. */
export function flattenTree<T extends { children?: unknown }>(nodes: readonly T[] | undefined): T[] {
  const out: T[] = [];
  const walk = (list: readonly T[] | undefined) => {
    for (const n of list ?? []) {
      const { children, ...rest } = n;
      out.push(rest as T);
      if (Array.isArray(children)) walk(children as T[]);
    }
  };
  walk(nodes);
  return out;
}

/** Nests nodes by parentId; a node whose parent is not in the list is a root; order is kept; no empty children. */
export function nestTree<T extends { id: string; parentId?: string }>(nodes: T[]): Tree<T>[] {
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<string, T[]>();
  for (const n of nodes) {
    const p = n.parentId && n.parentId !== n.id && ids.has(n.parentId) ? n.parentId : '';
    const list = byParent.get(p) ?? [];
    list.push(n);
    byParent.set(p, list);
  }
  const seen = new Set<string>();
  const attach = (list: T[]): Tree<T>[] =>
    list
      .filter((n) => !seen.has(n.id) && seen.add(n.id))
      .map((n) => {
        const kids = byParent.get(n.id);
        const { children: _drop, ...rest } = n as T & { children?: unknown };
        return (kids?.length ? { ...rest, children: attach(kids) } : rest) as Tree<T>;
      });
  return attach(byParent.get('') ?? []);
}

/**
 * The organisation tree for a keyword, as the server's `Organize?keyword` answers companies: the matching nodes
 * (name or full name, case-insensitive), nested among themselves. No keyword: the tree as it is.
 */
export function filterOrgTree<T extends JnpfNode>(tree: T[], keyword?: unknown): T[] {
  const kw = typeof keyword === 'string' ? keyword.trim().toLowerCase() : '';
  if (!kw) return tree;
  const hits = flattenTree(tree).filter((n) => `${n.fullName ?? ''} ${n.enCode ?? ''}`.toLowerCase().includes(kw));
  return nestTree(hits) as T[];
}

/** JNPF nodes → options of the tree selects; `pickable` false: shown but not choosable (groups, departments). */
export function toOptions(
  nodes: JnpfNode[] | undefined,
  pickable: (n: JnpfNode) => boolean = () => true,
): TreeOption[] {
  return (nodes ?? []).map((n) => {
    const ok = pickable(n);
    return {
      value: String(n.id),
      title: String(n.fullName ?? n.id),
      children: n.children?.length ? toOptions(n.children, pickable) : undefined,
      ...(ok ? {} : { selectable: false, disableCheckbox: true }),
    };
  });
}

/** JNPF nodes → the nodes of the grant check trees. */
export interface GrantTreeNode {
  id: string;
  title: string;
  children?: GrantTreeNode[];
}
export function toGrantNodes(nodes: JnpfNode[] | undefined): GrantTreeNode[] {
  return (nodes ?? []).map((n) => ({
    id: String(n.id),
    title: n.enCode && n.type === 'resource' ? `${n.fullName} (${n.enCode})` : String(n.fullName ?? n.id),
    children: n.children?.length ? toGrantNodes(n.children) : undefined,
  }));
}

/** Column and form keys: what the server accepts (`[\w.:-]{1,64}`). */
export const GRANT_KEY = /^[\w.:-]{1,64}$/;
export const TREE_TYPES: readonly ItemType[] = ['module', 'button', 'resource'];

/**
 * The ids of one item type a save sends: for the tree types only grantable ids (`all`) — a check tree also
 * hands back the half-checked menus above a button or a data scope, which are not items of that type; for
 * columns and forms the valid keys. Unique, in order.
 */
export function grantIds(type: ItemType, ids: readonly string[] | undefined, all: readonly string[]): string[] {
  const allowed = TREE_TYPES.includes(type) ? new Set(all) : undefined;
  const out: string[] = [];
  for (const raw of ids ?? []) {
    const id = String(raw).trim();
    if (!id || out.includes(id)) continue;
    if (allowed ? allowed.has(id) : GRANT_KEY.test(id)) out.push(id);
  }
  return out;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/** Chosen ids of each item type (the authority draft, the batch grant's items), all empty. */
export type ItemIds = Record<ItemType, string[]>;
export const emptyItemIds = (): ItemIds => ({ module: [], button: [], column: [], form: [], resource: [] });

/** The grants of chosen ids: of each item type, those `grantIds` keeps against the catalogue's grantable ids. */
export function grantsOf(ids: ItemIds, catalogue: AuthorityValues | null): Grants {
  const out: Grants = {};
  for (const type of ITEM_TYPES) out[type] = grantIds(type, ids[type], catalogue?.[type]?.all ?? []);
  return out;
}

/** The item types whose grants differ between what was loaded and what is chosen now, with the new ids. */
export function changedGrants(before: Grants, after: Grants): Grants {
  const out: Grants = {};
  for (const type of Object.keys(after) as ItemType[]) {
    const next = after[type] ?? [];
    if (!sameSet(before[type] ?? [], next)) out[type] = next;
  }
  return out;
}

/** The item types with at least one id (what a batch grant adds). */
export function nonEmptyGrants(grants: Grants): Grants {
  const out: Grants = {};
  for (const [type, ids] of Object.entries(grants) as [ItemType, string[] | undefined][]) {
    if (ids?.length) out[type] = ids;
  }
  return out;
}

/** Members after adding people (existing order kept, newcomers appended once). */
export function addMembers(current: readonly string[], added: readonly string[]): string[] {
  const out = [...current];
  for (const id of added) if (!out.includes(id)) out.push(id);
  return out;
}

/** Members after removing people. */
export function removeMembers(current: readonly string[], removed: readonly string[]): string[] {
  const drop = new Set(removed);
  return current.filter((id) => !drop.has(id));
}
