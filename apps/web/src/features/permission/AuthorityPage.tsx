/**
 * 组织权限 (`/api/permission/Authority`, spec 2 §6 "data authority … managed per object: values, update, batch"):
 * choose the kind of object (角色 Role / 岗位 Position / 用户 User) and one object from a searchable, paged list
 * (`Role`, `Position`, `Users`); on the right a tab per item type — 菜单 module, 按钮 button, 列表 column, 表单 form,
 * 数据 resource — filled from `Authority/Data/{id}/Values`; 保存 writes the item types that changed
 * (`PUT Authority/Data/{id}`); 批量授权 adds items to several objects (`Authority/Data/Batch`); roles and positions
 * have a 成员 tab (`UserRelation/{id}`).
 */
import { ReloadOutlined, SafetyOutlined, SaveOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Row, Segmented, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AuthorityValues,
  type Grants,
  ITEM_TYPES,
  type ItemType,
  type ObjectType,
  permissionApi,
} from '../../api/permission';
import { BatchGrantDialog } from './BatchGrantDialog';
import { GrantEditor } from './GrantEditor';
import { changedGrants, grantIds } from './logic';
import { MembersPanel } from './MembersPanel';

const A = permissionApi;
const OBJECT_TYPES: ObjectType[] = ['Role', 'Position', 'User'];
const PAGE_SIZE = 20;

interface Picked {
  id: string;
  name: string;
  type: ObjectType;
}

type Draft = Record<ItemType, string[]>;
const emptyDraft = (): Draft => ({ module: [], button: [], column: [], form: [], resource: [] });

const listOf = (type: ObjectType, q: Record<string, unknown>) =>
  type === 'Role' ? A.role.list(q) : type === 'Position' ? A.position.list(q) : A.users.list(q);

const nameOf = (type: ObjectType, r: Record<string, any>) =>
  type === 'User' ? (r.realName ? `${r.realName}/${r.account}` : String(r.account)) : String(r.fullName);

/** The grants as a save compares them: grantable ids of each type. */
function cleaned(values: AuthorityValues, ids: Draft): Grants {
  const out: Grants = {};
  for (const type of ITEM_TYPES) out[type] = grantIds(type, ids[type], values[type]?.all ?? []);
  return out;
}

function ObjectList(p: { type: ObjectType; picked?: string; onPick(o: Picked): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const objects = useQuery({
    queryKey: ['permission-authority-objects', p.type, keyword, page],
    queryFn: () => listOf(p.type, { keyword, currentPage: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns =
    p.type === 'User'
      ? [
          { title: t('perm.auth.realName'), dataIndex: 'realName' },
          { title: t('perm.auth.account'), dataIndex: 'account' },
          { title: t('perm.auth.organize'), dataIndex: 'organize', ellipsis: true },
        ]
      : [
          { title: t('perm.auth.name'), dataIndex: 'fullName' },
          { title: t('perm.auth.code'), dataIndex: 'enCode' },
        ];
  const pick = (r: Record<string, any>) => p.onPick({ id: String(r.id), name: nameOf(p.type, r), type: p.type });
  return (
    <div data-testid="authority-objects">
      <Input.Search
        allowClear
        placeholder={t('perm.auth.keyword')}
        aria-label={t('perm.auth.keyword')}
        style={{ marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table
        rowKey="id"
        size="small"
        bordered
        loading={objects.isFetching}
        dataSource={objects.data?.list ?? []}
        columns={columns}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: p.picked ? [p.picked] : [],
          onChange: (_k, rows) => rows[0] && pick(rows[0]),
        }}
        onRow={(r) => ({ onClick: () => pick(r), style: { cursor: 'pointer' } })}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: objects.data?.pagination?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </div>
  );
}

export default function AuthorityPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [type, setType] = useState<ObjectType>('Role');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [values, setValues] = useState<AuthorityValues | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<string>('module');
  const [batchOpen, setBatchOpen] = useState(false);
  const request = useRef(0);

  const load = async (o: Picked) => {
    const n = ++request.current;
    setLoading(true);
    try {
      const v = await A.authority.values(o.id, o.type);
      if (n !== request.current) return;
      setValues(v);
      const ids = emptyDraft();
      for (const it of ITEM_TYPES) ids[it] = (v?.[it]?.ids ?? []).map(String);
      setDraft(ids);
    } catch {
      if (n === request.current) setValues(null);
    } finally {
      if (n === request.current) setLoading(false);
    }
  };

  const pick = (o: Picked) => {
    setPicked(o);
    setValues(null);
    setDraft(emptyDraft());
    if (o.type === 'User' && tab === 'members') setTab('module');
    void load(o);
  };

  const save = async () => {
    if (!picked || !values) return;
    const before = cleaned(values, Object.fromEntries(ITEM_TYPES.map((it) => [it, values[it]?.ids ?? []])) as Draft);
    const changes = changedGrants(before, cleaned(values, draft));
    if (!Object.keys(changes).length) {
      message.info(t('perm.auth.noChange'));
      return;
    }
    setSaving(true);
    try {
      await A.authority.save(picked.id, picked.type, changes);
      message.success(t('crud.operationSuccess'));
      await load(picked);
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };

  const tabs = [
    ...ITEM_TYPES.map((it) => ({
      key: it,
      label: t(`perm.auth.${it}`),
      children: (
        <GrantEditor
          type={it}
          candidates={values?.[it]?.list}
          value={draft[it]}
          loading={loading}
          onChange={(ids) => setDraft((d) => ({ ...d, [it]: ids }))}
        />
      ),
    })),
    ...(picked && picked.type !== 'User'
      ? [
          {
            key: 'members',
            label: t('perm.auth.members'),
            children: <MembersPanel key={picked.id} objectId={picked.id} objectType={picked.type} />,
          },
        ]
      : []),
  ];

  return (
    <div data-testid="authority-page">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<SafetyOutlined />} onClick={() => setBatchOpen(true)}>
          {t('perm.auth.batch')}
        </Button>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={9} xl={8}>
          <Card size="small" title={t('perm.auth.objectType')}>
            <Segmented<ObjectType>
              block
              value={type}
              style={{ marginBottom: 12 }}
              options={OBJECT_TYPES.map((o) => ({ value: o, label: t(`perm.auth.${o}`) }))}
              onChange={(v) => {
                setType(v);
                setPicked(null);
                setValues(null);
                request.current++;
              }}
            />
            <ObjectList key={type} type={type} picked={picked?.id} onPick={pick} />
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <Card
            size="small"
            data-testid="authority-grants"
            title={
              picked ? (
                <Space>
                  <Tag color="blue">{t(`perm.auth.${picked.type}`)}</Tag>
                  <span data-testid="authority-object">{picked.name}</span>
                </Space>
              ) : (
                t('perm.auth.title')
              )
            }
            extra={
              picked &&
              tab !== 'members' && (
                <Space>
                  <Button icon={<ReloadOutlined />} disabled={loading} onClick={() => void load(picked)}>
                    {t('perm.auth.reset')}
                  </Button>
                  <Button
                    type="primary"
                    icon={<SaveOutlined />}
                    loading={saving}
                    disabled={loading || !values}
                    onClick={() => void save()}
                  >
                    {t('perm.auth.save')}
                  </Button>
                </Space>
              )
            }
          >
            {picked ? (
              <Spin spinning={loading && !values}>
                <Tabs activeKey={tab} onChange={setTab} items={tabs} />
              </Spin>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('perm.auth.chooseObject')} />
            )}
          </Card>
        </Col>
      </Row>
      <BatchGrantDialog
        open={batchOpen}
        onClose={() => setBatchOpen(false)}
        onDone={(ids) => {
          if (picked && ids.includes(picked.id)) void load(picked);
        }}
      />
    </div>
  );
}
