/**
 * User picker dialog 人员选择 (spec 1 §2.12, §5; spec 2 §2): a paged table of people (avatar, name,
 * department, position; 10 per page), single (radio) or multiple (checkbox) choice, optionally with the
 * department tree beside the table; width 1500 with the tree, 880 without. Confirming with nothing chosen warns
 * '请选择至少一条数据'.
 */
import type { Page } from '@swp/contract';
import { App, Col, Modal, Row, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserHit } from '../../api/system';
import type { TreeOption } from './treeUtils';
import { UserPickerTable } from './UserPickerTable';
import { useUserPickerPage } from './useUserPickerPage';

export { USER_PICKER_PAGE_SIZE } from './useUserPickerPage';
export const USER_PICKER_WIDTH = { tree: 1500, plain: 880 } as const;

export interface UserPickerProps {
  open: boolean;
  multiple?: boolean;
  /** the department tree beside the table */
  withTree?: boolean;
  /** chosen ids to start with */
  value?: string[];
  title?: string;
  onOk(users: UserHit[]): void;
  onCancel(): void;
  /** data sources (default the server's) */
  search?: (q: { current: number; size: number; realName?: string; deptId?: string }) => Promise<Page<UserHit>>;
  loadDepts?: () => Promise<TreeOption[]>;
}

export function UserPicker(p: UserPickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const s = useUserPickerPage(p);
  const { depts, deptId } = s;

  const confirm = () => {
    if (!s.chosen.length) {
      message.warning(t('widget.selectOne'));
      return;
    }
    p.onOk(s.chosen);
  };

  const table = <UserPickerTable s={s} multiple={p.multiple} open={p.open} />;

  return (
    <Modal
      open={p.open}
      title={p.title ?? t('widget.userPicker.title')}
      width={p.withTree ? USER_PICKER_WIDTH.tree : USER_PICKER_WIDTH.plain}
      maskClosable={false}
      destroyOnHidden
      onCancel={p.onCancel}
      onOk={confirm}
      okText={t('widget.ok')}
      cancelText={t('widget.cancel')}
    >
      {p.withTree ? (
        <Row gutter={16}>
          <Col span={5} style={{ maxHeight: 560, overflow: 'auto' }}>
            <Tree
              key={depts.length}
              blockNode
              defaultExpandAll
              selectedKeys={deptId ? [deptId] : []}
              treeData={[{ key: '', title: t('widget.userPicker.allDepts'), children: asTree(depts) }] as any}
              onSelect={(keys) => s.pickDept(keys.length && keys[0] !== '' ? String(keys[0]) : undefined)}
            />
          </Col>
          <Col span={19}>{table}</Col>
        </Row>
      ) : (
        table
      )}
    </Modal>
  );
}

function asTree(nodes: TreeOption[]): any[] {
  return nodes.map((n) => ({ key: n.value, title: n.title, children: n.children ? asTree(n.children) : undefined }));
}
