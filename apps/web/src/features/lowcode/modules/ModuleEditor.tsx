/**
 * The editor of an online module (full screen): basic information, the form (the designer) and the list (columns,
 * search fields, buttons). Saving creates or updates the module (`/api/visualdev/Base`); the server checks the
 * form and the list against each other.
 */
import type { LcColumnData, LcFormConf, LcListButton, LcModule } from '@swp/contract';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visualDevApi } from '../../../api/lowcode';
import { normaliseConf } from '../../../components/form-render';
import { FormDesigner } from '../designer/FormDesigner';
import { duplicateModels } from '../designer/model';
import {
  defaultColumnData,
  listableFields,
  parseColumnData,
  ROW_BUTTONS,
  searchableFields,
  TOOLBAR_BUTTONS,
} from './listDesign';

export interface ModuleEditorProps {
  /** the module to edit; undefined creates one */
  id?: string;
  open: boolean;
  onClose(saved: boolean): void;
}

function ListDesigner({
  form,
  value,
  onChange,
}: {
  form: LcFormConf;
  value: LcColumnData;
  onChange(v: LcColumnData): void;
}) {
  const { t } = useTranslation();
  const listable = listableFields(form);
  const searchable = searchableFields(form);
  const chosen = new Map(value.columnList.map((c) => [c.prop, c]));
  const setButtons = (k: 'btnsList' | 'columnBtnsList', v: LcListButton[]) =>
    onChange({ ...value, [k]: v.map((x) => ({ value: x })) });
  return (
    <div data-testid="list-designer">
      <Table
        size="small"
        rowKey="vModel"
        pagination={false}
        dataSource={listable}
        rowSelection={{
          selectedRowKeys: value.columnList.map((c) => c.prop),
          onChange: (keys) =>
            onChange({
              ...value,
              // keep the form's order and any widths already set
              columnList: listable
                .filter((d) => keys.includes(d.vModel))
                .map((d) => chosen.get(d.vModel) ?? { prop: d.vModel, label: d.label, jnpfKey: d.key }),
            }),
        }}
        columns={[
          { title: t('lowcode.list.field'), dataIndex: 'label' },
          { title: t('lowcode.list.vModel'), dataIndex: 'vModel' },
          {
            title: t('lowcode.list.width'),
            key: 'width',
            width: 140,
            render: (_, d) => (
              <InputNumber
                size="small"
                min={40}
                disabled={!chosen.has(d.vModel)}
                value={chosen.get(d.vModel)?.width ?? null}
                onChange={(w) =>
                  onChange({
                    ...value,
                    columnList: value.columnList.map((c) =>
                      c.prop === d.vModel ? { ...c, width: w ?? undefined } : c,
                    ),
                  })
                }
              />
            ),
          },
        ]}
      />
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label={t('lowcode.list.searchFields')}>
          <Select
            mode="multiple"
            aria-label={t('lowcode.list.searchFields')}
            value={value.searchList.map((s) => s.prop)}
            options={searchable.map((d) => ({ value: d.vModel, label: d.label }))}
            onChange={(props: string[]) =>
              onChange({
                ...value,
                searchList: props.map((p) => {
                  const d = searchable.find((x) => x.vModel === p)!;
                  return { prop: p, label: d.label, jnpfKey: d.key };
                }),
              })
            }
          />
        </Form.Item>
        <Form.Item label={t('lowcode.list.toolbar')}>
          <Checkbox.Group
            value={value.btnsList.map((b) => b.value)}
            onChange={(v) => setButtons('btnsList', v as LcListButton[])}
            options={TOOLBAR_BUTTONS.map((b) => ({ value: b, label: t(`lowcode.btn.${b}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('lowcode.list.rowButtons')}>
          <Checkbox.Group
            value={value.columnBtnsList.map((b) => b.value)}
            onChange={(v) => setButtons('columnBtnsList', v as LcListButton[])}
            options={ROW_BUTTONS.map((b) => ({ value: b, label: t(`lowcode.btn.${b}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('lowcode.list.pageSize')}>
          <Select
            style={{ width: 120 }}
            value={value.pageSize ?? 20}
            onChange={(v) => onChange({ ...value, pageSize: v })}
            options={[10, 20, 30, 50, 100].map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
      </Form>
    </div>
  );
}

export function ModuleEditor({ id, open, onClose }: ModuleEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [base] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formConf, setFormConf] = useState<LcFormConf>({ fields: [], labelWidth: 100, gutter: 15 });
  const [columns, setColumns] = useState<LcColumnData | null>(null);
  const [tab, setTab] = useState('base');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!open) return;
    setTab('base');
    base.resetFields();
    if (!id) {
      setFormConf({ fields: [], labelWidth: 100, gutter: 15 });
      setColumns(null);
      setVersion((v) => v + 1);
      return;
    }
    setLoading(true);
    visualDevApi
      .info(id)
      .then((m) => {
        const conf = normaliseConf(m.formData ?? '');
        base.setFieldsValue({
          fullName: m.fullName,
          enName: m.enName ?? '',
          enCode: m.enCode,
          category: m.category,
          description: m.description,
          sortCode: m.sortCode ?? 0,
        });
        setFormConf(conf);
        setColumns(m.columnData ? parseColumnData(m.columnData, conf) : null);
        setVersion((v) => v + 1);
      })
      .finally(() => setLoading(false));
  }, [open, id, base]);

  const list = useMemo(() => columns ?? defaultColumnData(formConf), [columns, formConf]);

  const save = async () => {
    let info: Partial<LcModule>;
    try {
      info = await base.validateFields();
    } catch {
      setTab('base');
      return;
    }
    const dup = duplicateModels(formConf.fields);
    if (dup.length) {
      message.error(t('lowcode.module.duplicate', { names: dup.join(', ') }));
      setTab('form');
      return;
    }
    const body: Partial<LcModule> = {
      ...info,
      type: 1,
      formData: JSON.stringify(formConf),
      columnData: JSON.stringify(parseColumnData(list, formConf)),
    };
    setSaving(true);
    try {
      if (id) await visualDevApi.update(id, body);
      else await visualDevApi.create(body);
      message.success(t(id ? 'lowcode.module.updated' : 'lowcode.module.created'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(id ? 'lowcode.module.edit' : 'lowcode.module.add')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="module-save">
            {t('lowcode.module.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'base',
              label: t('lowcode.module.base'),
              forceRender: true,
              children: (
                <Form form={base} layout="horizontal" labelCol={{ flex: '100px' }} style={{ maxWidth: 640 }}>
                  <Form.Item
                    name="fullName"
                    label={t('lowcode.module.fullName')}
                    rules={[{ required: true, message: t('lowcode.module.fullNameRequired') }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="enName" label={t('lowcode.module.enName')} tooltip={t('lowcode.module.enNameTip')}>
                    <Input maxLength={100} data-testid="module-en-name" />
                  </Form.Item>
                  <Form.Item
                    name="enCode"
                    label={t('lowcode.module.enCode')}
                    rules={[
                      { required: true, message: t('lowcode.module.enCodeRequired') },
                      { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('lowcode.module.enCodePattern') },
                    ]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                  <Form.Item name="category" label={t('lowcode.module.category')}>
                    <Input maxLength={50} />
                  </Form.Item>
                  <Form.Item name="sortCode" label={t('lowcode.module.sortCode')} initialValue={0}>
                    <InputNumber min={0} />
                  </Form.Item>
                  <Form.Item name="description" label={t('lowcode.module.description')}>
                    <Input.TextArea rows={3} maxLength={500} />
                  </Form.Item>
                </Form>
              ),
            },
            {
              key: 'form',
              label: t('lowcode.module.formDesign'),
              children: (
                <FormDesigner key={version} value={formConf} onChange={setFormConf} height="calc(100vh - 200px)" />
              ),
            },
            {
              key: 'list',
              label: t('lowcode.module.listDesign'),
              children: <ListDesigner form={formConf} value={list} onChange={setColumns} />,
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
