/**
 * 业务办理 (`/api/blade-business/business-handle`): choose a business (a design of `bis-group`, by group), then its
 * records in a paged list (the design's columns, else every value field of the form): fill in a new one in the
 * form (FormRender, the form's rules), view one, delete one.
 */
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { LcField, LcFormConf } from '@swp/contract';
import { App, Button, Modal, Select, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { businessDesignApi, businessHandleApi } from '../../../api/lowcode';
import {
  FormProblems,
  FormRender,
  type FormRenderHandle,
  initialValues,
  normaliseConf,
  valueFields,
} from '../../../components/form-render';
import { usePermission } from '../../../stores/session';
import { cellOf } from '../dynamic/cells';
import { parseColumnData } from '../modules/listDesign';

interface Group {
  groupName: string;
  designs: { id: string; designName: string; formId: string }[];
}
interface Business {
  formId: string;
  conf: LcFormConf;
  columns: { prop: string; label: string }[];
}

export default function BusinessHandlePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canAdd = usePermission('business_handle_add');
  const canView = usePermission('business_handle_view');
  const canDelete = usePermission('business_handle_delete');
  const [groups, setGroups] = useState<Group[]>([]);
  const [designId, setDesignId] = useState<string>();
  const [biz, setBiz] = useState<Business | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ mode: 'add' | 'view'; value: Row } | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<FormRenderHandle>(null);

  useEffect(() => {
    businessDesignApi.bisGroup().then((g) => setGroups(Array.isArray(g) ? g : []));
  }, []);

  useEffect(() => {
    setBiz(null);
    setRows([]);
    setTotal(0);
    setPage((p) => ({ ...p, current: 1 }));
    if (!designId) return;
    let live = true;
    businessDesignApi.preview(designId).then((d) => {
      if (!live || !d) return;
      const conf = normaliseConf(d.formData);
      const design = parseColumnData(d.columnData, conf);
      const columns = design.columnList.length
        ? design.columnList.map((c) => ({ prop: c.prop, label: c.label }))
        : valueFields(conf.fields).map((f) => ({ prop: f.__vModel__!, label: f.__config__.label ?? f.__vModel__! }));
      setBiz({ formId: String(d.formId), conf, columns });
    });
    return () => {
      live = false;
    };
  }, [designId]);

  const load = useCallback(async () => {
    if (!biz) return;
    setLoading(true);
    try {
      const r = await businessHandleApi.list(biz.formId, { current: page.current, size: page.size });
      setRows(r?.records ?? []);
      setTotal(Number(r?.total ?? 0));
    } finally {
      setLoading(false);
    }
  }, [biz, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const fieldOf = useMemo(() => {
    const m = new Map<string, LcField>();
    for (const f of biz ? valueFields(biz.conf.fields) : []) m.set(f.__vModel__!, f);
    return m;
  }, [biz]);

  const save = async () => {
    if (!biz) return;
    let values: Row;
    try {
      values = await form.current!.validate();
    } catch (e) {
      if (e instanceof FormProblems) message.error(e.problems[0]?.message);
      return;
    }
    setSaving(true);
    try {
      await businessHandleApi.create(biz.formId, values);
      message.success(t('lowcode.dynamic.created'));
      setDialog(null);
      await load();
    } finally {
      setSaving(false);
    }
  };

  const remove = (row: Row) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('lowcode.dynamic.confirmRemove'),
      onOk: async () => {
        await businessHandleApi.remove(biz!.formId, [String(row.id)]);
        message.success(t('lowcode.dynamic.removed'));
        await load();
      },
    });

  const columns: TableColumnsType<Row> = [
    ...(biz?.columns ?? []).map((c) => ({
      key: c.prop,
      title: c.label,
      dataIndex: c.prop,
      render: (v: unknown) => cellOf(fieldOf.get(c.prop), v, t),
    })),
    {
      key: '_actions',
      title: t('lowcode.dynamic.actions'),
      width: 160,
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          {canView && (
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={async () => {
                const value = (await businessHandleApi.detail(biz!.formId, String(row.id))) ?? row;
                setDialog({ mode: 'view', value });
              }}
            >
              {t('crud.view')}
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('crud.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="business-handle-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('lowcode.biz.business')}</span>
        <Select
          aria-label={t('lowcode.biz.business')}
          style={{ width: 280 }}
          placeholder={t('lowcode.biz.pickDesign')}
          value={designId}
          onChange={setDesignId}
          showSearch
          optionFilterProp="label"
          options={groups.map((g) => ({
            label: g.groupName,
            title: g.groupName,
            options: g.designs.map((d) => ({ label: d.designName, value: String(d.id) })),
          }))}
        />
        {canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!biz}
            onClick={() => biz && setDialog({ mode: 'add', value: initialValues(biz.conf) })}
          >
            {t('crud.add')}
          </Button>
        )}
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total,
          showTotal: (n) => t('lowcode.dynamic.total', { n }),
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
      <Modal
        open={!!dialog}
        title={dialog ? t(`lowcode.dynamic.${dialog.mode}`) : ''}
        width={880}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setDialog(null)}
        footer={
          <Space>
            <Button onClick={() => setDialog(null)}>
              {t(dialog?.mode === 'view' ? 'common.close' : 'common.cancel')}
            </Button>
            {dialog?.mode === 'add' && (
              <Button type="primary" loading={saving} onClick={save} data-testid="record-save">
                {t('common.ok')}
              </Button>
            )}
          </Space>
        }
      >
        <Spin spinning={!biz}>
          {biz && dialog && (
            <FormRender
              conf={biz.conf}
              value={dialog.value}
              disabled={dialog.mode === 'view'}
              handleRef={form}
              testId="record-form"
            />
          )}
        </Spin>
      </Modal>
    </div>
  );
}
