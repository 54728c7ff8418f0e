/** The dictionary type tree: its node, lookup by id and the shape antd's Tree shows. */
import type { Row as Rec } from '../../api/crud';
import { findInTree } from '../../components/widgets/treeUtils';

export interface TypeNode extends Rec {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  children?: TypeNode[];
}

export function findType(list: TypeNode[], id: string): TypeNode | undefined {
  return findInTree(list, (n) => n.id === id);
}

export const asTree = (list: TypeNode[]): any[] =>
  list.map((n) => ({
    key: n.id,
    title: `${n.fullName} (${n.enCode})`,
    node: n,
    children: n.children ? asTree(n.children) : undefined,
  }));
