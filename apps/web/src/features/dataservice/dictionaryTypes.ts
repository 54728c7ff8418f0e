/** The dictionary type tree: its node, lookup by id and the shape antd's Tree shows. */
import type { Row as Rec } from '../../api/crud';

export interface TypeNode extends Rec {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  children?: TypeNode[];
}

export function findType(list: TypeNode[], id: string): TypeNode | undefined {
  for (const n of list) {
    if (n.id === id) return n;
    const hit = n.children && findType(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

export const asTree = (list: TypeNode[]): any[] =>
  list.map((n) => ({
    key: n.id,
    title: `${n.fullName} (${n.enCode})`,
    node: n,
    children: n.children ? asTree(n.children) : undefined,
  }));
