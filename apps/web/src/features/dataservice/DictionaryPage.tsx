/**
 * The JNPF dictionaries (`/api/system/DictionaryType`, `/api/system/DictionaryData`): the types as a tree on the
 * left (add, edit, delete), the chosen type's data on the right (a tree when the type is a tree): add, edit, view,
 * delete, enable/disable, export.
 */
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Row, Space, Switch, Tree } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row as Rec } from '../../api/crud';
import { fileNameOf, http } from '../../api/http';
import { dictionaryDataApi, dictionaryTypeApi } from '../../api/jnpf';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../components/crud';
import { TreeSelectField } from '../../components/widgets';
import { toTreeOptions } from '../../components/widgets/treeUtils';
import { saveBlob } from '../../lib/download';
import { enabledColumn } from './common';

interface TypeNode extends Rec {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  children?: TypeNode[];
}

function TypeDialog({ value, onClose }: { value: Partial<TypeNode> | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  useEffect(() => {
    if (value) form.setFieldsValue({ parentId: '0', sortCode: 0, isTree: 0, enabledMark: 1, ...value });
  }, [value, form]);
  return (
    <Modal
      open={!!value}
      title={t(value?.id ? 'crud.edit' : 'crud.add')}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      onOk={async () => {
        const v = await form.validateFields();
        const body = { ...value, ...v, isTree: v.isTree ? 1 : 0, enabledMark: v.enabledMark ? 1 : 0 };
        await dictionaryTypeApi.submit(body);
        message.success(t(value?.id ? 'crud.updateSuccess' : 'crud.addSuccess'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" name="dictionary-type" preserve={false}>
        <Form.Item name="parentId" label={t('jdict.parent')}>
          <TreeSelectField
            load={async () => [
              {
                value: '0',
                title: t('jdict.root'),
                children: toTreeOptions(((await dictionaryTypeApi.page({})) as any) ?? [], {
                  title: 'fullName',
                  value: 'id',
                }),
              },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('jdict.typeName')}
          rules={[{ required: true, message: t('jdict.typeNameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('jdict.typeCode')}
          rules={[{ required: true, message: t('jdict.typeCodeRequired') }]}
        >
          <Input />
        </Form.Item>
        <Space size="large">
          <Form.Item
            name="isTree"
            label={t('jdict.isTree')}
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="enabledMark"
            label={t('crud.status')}
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="sortCode" label={t('crud.sort')}>
            <InputNumber min={0} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('crud.remark')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function DictionaryPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [types, setTypes] = useState<TypeNode[]>([]);
  const [current, setCurrent] = useState<TypeNode | null>(null);
  const [editing, setEditing] = useState<Partial<TypeNode> | null>(null);
  const handle = useRef<CrudHandle | null>(null);

  const loadTypes = useCallback(async () => {
    const list = ((await dictionaryTypeApi.page({})) as TypeNode[]) ?? [];
    setTypes(list);
    return list;
  }, []);
  useEffect(() => {
    void loadTypes();
  }, [loadTypes]);

  const dataApi = useMemo(
    () => ({
      key: `/api/system/DictionaryData/${current?.id ?? ''}`,
      page: async (q: Rec) =>
        current
          ? ((await dictionaryDataApi.list(current.id, q.keyword ? { keyword: q.keyword } : undefined))?.list ?? [])
          : [],
      detail: (id: string) => dictionaryDataApi.info(id),
      submit: (row: Rec) => (row.id ? dictionaryDataApi.update(row.id, row) : dictionaryDataApi.create(row)),
      remove: async (ids: string[]) => {
        for (const id of ids) await dictionaryDataApi.remove(id);
      },
    }),
    [current],
  );

  const columns: CrudColumn[] = useMemo(
    () => [
      { prop: 'fullName', label: 'jdict.dataName', required: 'jdict.dataNameRequired' },
      { prop: 'enCode', label: 'jdict.dataCode', required: 'jdict.dataCodeRequired' },
      {
        prop: 'parentId',
        label: 'jdict.parent',
        hide: true,
        defaultValue: '0',
        display: current?.isTree === 1,
        component: () => (
          <TreeSelectField
            reloadKey={current?.id}
            load={async () => [
              {
                value: '0',
                title: t('jdict.root'),
                children: toTreeOptions(current ? ((await dictionaryDataApi.list(current.id))?.list ?? []) : [], {
                  title: 'fullName',
                  value: 'id',
                }),
              },
            ]}
          />
        ),
      },
      { prop: 'keyword', label: 'jdict.keyword', search: true, hide: true, display: false },
      { prop: 'simpleSpelling', label: 'jdict.simpleSpelling', hide: true },
      { prop: 'isDefault', label: 'jdict.isDefault', type: 'switch', defaultValue: 0 },
      { prop: 'sortCode', label: 'crud.sort', type: 'number', min: 0, defaultValue: 0 },
      enabledColumn(dictionaryDataApi.state, () => handle.current?.reload()),
      { prop: 'description', label: 'crud.remark', type: 'textarea', hide: true },
    ],
    [current, t],
  );

  const removeType = (node: TypeNode) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmRemove'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        // a refusal has been shown by the HTTP client; the confirmation closes either way
        await (async () => {
          await dictionaryTypeApi.remove([node.id]);
          message.success(t('crud.removeSuccess'));
          if (current?.id === node.id) setCurrent(null);
          void loadTypes();
        })().catch(() => {});
      },
    });

  const asTree = (list: TypeNode[]): any[] =>
    list.map((n) => ({
      key: n.id,
      title: `${n.fullName} (${n.enCode})`,
      node: n,
      children: n.children ? asTree(n.children) : undefined,
    }));

  return (
    <Row gutter={12}>
      <Col xs={24} md={7} xl={6}>
        <Card
          size="small"
          title={t('jdict.types')}
          data-testid="jdict-types"
          extra={
            <Space size={0}>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('crud.add')}
              </Button>
              {current && (
                <>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(current)}>
                    {t('crud.edit')}
                  </Button>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeType(current)}>
                    {t('crud.remove')}
                  </Button>
                </>
              )}
            </Space>
          }
        >
          {types.length ? (
            <Tree
              key={types.length}
              blockNode
              defaultExpandAll
              selectedKeys={current ? [current.id] : []}
              treeData={asTree(types)}
              onSelect={(_k, info) => setCurrent(((info.node as any).node as TypeNode) ?? null)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={17} xl={18}>
        <Card
          size="small"
          title={current ? `${current.fullName} (${current.enCode})` : t('jdict.data')}
          data-testid="jdict-data"
        >
          {current ? (
            <CrudPage
              key={current.id}
              api={dataApi}
              columns={columns}
              title="jdict.data"
              permission="dictionary"
              paged={false}
              tree={current.isTree === 1}
              handleRef={handle}
              defaults={{ dictionaryTypeId: current.id }}
              beforeSubmit={(v) => ({ ...v, dictionaryTypeId: current.id, parentId: v.parentId ?? '0' })}
              toolbar={() => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={async () => {
                    const res = await http.raw('GET', dictionaryDataApi.exportUrl(current.id));
                    saveBlob(
                      await res.blob(),
                      fileNameOf(res.headers.get('content-disposition')) ?? `${current.enCode}.json`,
                    );
                  }}
                >
                  {t('jdict.export')}
                </Button>
              )}
            />
          ) : (
            <Empty description={t('jdict.chooseType')} />
          )}
        </Card>
      </Col>
      <TypeDialog
        value={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved)
            void loadTypes().then((list) => {
              if (current) setCurrent(findType(list, current.id) ?? null);
            });
        }}
      />
    </Row>
  );
}

function findType(list: TypeNode[], id: string): TypeNode | undefined {
  for (const n of list) {
    if (n.id === id) return n;
    const hit = n.children && findType(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}
