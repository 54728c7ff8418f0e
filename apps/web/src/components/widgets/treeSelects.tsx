/**
 * The tree selects of spec 1 §2.12: company, department, position, dictionary and user. Each is a
 * `TreeSelectField` with its own source; all take `multiple` and `leafOnly` (last-level mode).
 */
import { dictApi, dictBizApi, postApi } from '../../api/system';
import { userApi } from '../../api/user';
import { loadDeptTree } from './deptTree';
import { TreeSelectField, type TreeSelectFieldProps } from './TreeSelectField';
import { filterTree, type TreeOption, toTreeOptions } from './treeUtils';

type Props = Omit<TreeSelectFieldProps, 'load' | 'loadChildren'>;

/** Department tree (`/blade-system/dept/tree`, read once for the screen: `loadDeptTree`). */
export function DeptTreeSelect(p: Props) {
  return <TreeSelectField {...p} load={async () => toTreeOptions(await loadDeptTree())} />;
}

/** Companies only (departments of category 1, with the companies above them). */
export function CompanyTreeSelect(p: Props) {
  return (
    <TreeSelectField
      {...p}
      load={async () => {
        const all = toTreeOptions(await loadDeptTree());
        const onlyCompanies = (nodes: TreeOption[]): TreeOption[] =>
          filterTree(nodes, (n) => Number(n.deptCategory) === 1).map((n) => ({
            ...n,
            children: n.children ? onlyCompanies(n.children).filter((c) => Number(c.deptCategory) === 1) : undefined,
          }));
        return onlyCompanies(all);
      }}
    />
  );
}

/** Positions (`/blade-system/post/select`), grouped by nothing: a flat tree. */
export function PostTreeSelect(p: Props) {
  return (
    <TreeSelectField
      {...p}
      load={async () =>
        ((await postApi.select()) ?? []).map((x) => ({ value: String(x.id), title: x.postName, isLeaf: true }))
      }
    />
  );
}

/** A dictionary's entries (`dict` or `dict-biz` `/dictionary?code=`), keyed by dictKey. */
export function DictTreeSelect({
  code,
  source = 'dict',
  ...p
}: Props & { code: string; source?: 'dict' | 'dict-biz' }) {
  const api = source === 'dict' ? dictApi : dictBizApi;
  return (
    <TreeSelectField
      {...p}
      reloadKey={`${source}:${code}`}
      load={async () =>
        toTreeOptions(((await api.dictionary(code)) ?? []).map((d) => ({ ...d, value: d.dictKey, title: d.dictValue })))
      }
    />
  );
}

/**
 * People under the department tree: departments are branches, users (`/blade-user/search/user?deptId=`) are the
 * leaves loaded on expand. Values are user ids; use `leafOnly` so that only people can be chosen.
 */
export function UserTreeSelect(p: Props) {
  return (
    <TreeSelectField
      {...p}
      load={async () => markBranches(toTreeOptions(await loadDeptTree()))}
      loadChildren={async (node) => {
        const deptId = String(node.value).replace(/^dept:/, '');
        const page = await userApi.search({ current: 1, size: 500, deptId });
        const people: TreeOption[] = (page?.records ?? []).map((u) => ({
          value: String(u.id),
          title: u.realName,
          isLeaf: true,
        }));
        return [...(node.children ?? []), ...people];
      }}
    />
  );
}

/** Department nodes in the user tree get a prefixed value so that they never collide with user ids. */
function markBranches(nodes: TreeOption[]): TreeOption[] {
  return nodes.map((n) => ({
    ...n,
    value: `dept:${n.value}`,
    isLeaf: false,
    children: n.children ? markBranches(n.children) : undefined,
  }));
}
