/** The department tree beside the users table ('all departments' on top); choosing one filters the table. */
import { Card, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadDeptTree } from '../../components/widgets/deptTree';
import { type TreeOption, toTreeOptions } from '../../components/widgets/treeUtils';

function asKeys(nodes: TreeOption[]): any[] {
  return nodes.map((n) => ({ key: n.value, title: n.title, children: n.children ? asKeys(n.children) : undefined }));
}

export function UserDeptTree({ deptId, onSelect }: { deptId?: string; onSelect: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TreeOption[]>([]);
  // the same read as the company select of the search and the department select of the dialog (one request)
  useEffect(() => {
    let live = true;
    loadDeptTree()
      .then((d) => live && setTree(toTreeOptions(d)))
      .catch(() => live && setTree([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card size="small" title={t('user.deptTree')} data-testid="user-dept-tree">
      <Tree
        key={tree.length}
        blockNode
        defaultExpandAll
        selectedKeys={deptId ? [deptId] : ['']}
        treeData={[{ key: '', title: t('user.allDepts'), children: asKeys(tree) }] as any}
        onSelect={(keys) => onSelect(keys.length && keys[0] !== '' ? String(keys[0]) : undefined)}
      />
    </Card>
  );
}
