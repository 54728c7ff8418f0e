/**
 * User picker dialog 人员选择 (spec 1 §2.12, §5; spec 2 §2): a paged table of people (avatar, name,
 * department, position; 10 per page), single (radio) or multiple (checkbox) choice, optionally with the
 * department tree beside the table; width 1500 with the tree, 880 without. Confirming with nothing chosen warns
 * '请选择至少一条数据'.
 */
import { UserOutlined } from '@ant-design/icons';
import type { Page } from '@swp/contract';
import { App, Avatar, Button, Col, Input, Modal, Row, Space, Table, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserHit } from '../../api/system';
import { userApi } from '../../api/user';
import { loadDeptTree } from './deptTree';
import { type TreeOption, toTreeOptions } from './treeUtils';

export const USER_PICKER_PAGE_SIZE = 10;
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
  const [depts, setDepts] = useState<TreeOption[]>([]);
  const [deptId, setDeptId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [query, setQuery] = useState<{ realName?: string }>({});
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: UserHit[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<UserHit[]>([]);
  const search = p.search ?? userApi.search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog resets when it opens
  useEffect(() => {
    if (!p.open) return;
    setChosen((p.value ?? []).map((id) => ({ id, realName: id })));
    setCurrent(1);
    setDeptId(undefined);
    setName('');
    setQuery({});
    if (p.withTree) {
      (p.loadDepts ?? (async () => toTreeOptions(await loadDeptTree())))()
        .then(setDepts)
        .catch(() => setDepts([]));
    }
  }, [p.open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page reloads when the dialog, page, name or department change
  useEffect(() => {
    if (!p.open) return;
    let live = true;
    setLoading(true);
    search({ current, size: USER_PICKER_PAGE_SIZE, ...query, ...(deptId ? { deptId } : {}) })
      .then((r) => {
        if (!live) return;
        setPage({ records: r?.records ?? [], total: Number(r?.total ?? 0) });
        // fill in names of ids chosen before the dialog opened
        setChosen((c) => c.map((u) => r?.records?.find((x) => x.id === u.id) ?? u));
      })
      .catch(() => live && setPage({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [p.open, current, query, deptId]);

  const confirm = () => {
    if (!chosen.length) {
      message.warning(t('widget.selectOne'));
      return;
    }
    p.onOk(chosen);
  };

  const table = (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('widget.userPicker.searchName')}
          aria-label={t('widget.userPicker.searchName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => {
            setQuery(name.trim() ? { realName: name.trim() } : {});
            setCurrent(1);
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            setQuery(name.trim() ? { realName: name.trim() } : {});
            setCurrent(1);
          }}
        >
          {t('widget.search')}
        </Button>
        <Typography.Text type="secondary">{t('widget.userPicker.selected', { n: chosen.length })}</Typography.Text>
      </Space>
      <Table<UserHit>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={page.records}
        rowSelection={{
          type: p.multiple ? 'checkbox' : 'radio',
          preserveSelectedRowKeys: true,
          selectedRowKeys: chosen.map((u) => u.id),
          onChange: (_keys, rows) => {
            if (!p.multiple) {
              setChosen(rows.slice(-1));
              return;
            }
            // keep people chosen on other pages
            const onPage = new Set(page.records.map((r) => r.id));
            setChosen((c) => [...c.filter((u) => !onPage.has(u.id)), ...rows.filter(Boolean)]);
          },
        }}
        onRow={(r) => ({
          onClick: () =>
            setChosen((c) =>
              p.multiple ? (c.some((u) => u.id === r.id) ? c.filter((u) => u.id !== r.id) : [...c, r]) : [r],
            ),
        })}
        pagination={{
          current,
          pageSize: USER_PICKER_PAGE_SIZE,
          total: page.total,
          showSizeChanger: false,
          size: 'small',
          onChange: setCurrent,
        }}
        columns={[
          {
            title: t('widget.userPicker.avatar'),
            dataIndex: 'avatar',
            width: 70,
            align: 'center',
            render: (v: string) => <Avatar size="small" src={v || undefined} icon={<UserOutlined />} />,
          },
          { title: t('widget.userPicker.name'), dataIndex: 'realName' },
          { title: t('widget.userPicker.dept'), dataIndex: 'deptName' },
          { title: t('widget.userPicker.post'), dataIndex: 'postName' },
        ]}
      />
    </>
  );

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
              onSelect={(keys) => {
                setDeptId(keys.length && keys[0] !== '' ? String(keys[0]) : undefined);
                setCurrent(1);
              }}
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
