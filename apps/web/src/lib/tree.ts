/** Every node of a tree (nodes with optional `children`), depth first, parents before their children. */
export function flattenTree<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => (n.children?.length ? [n, ...flattenTree(n.children)] : [n]));
}
