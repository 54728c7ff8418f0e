/**
 * The list page generated from an online module (`/dynamic/index?id=` and `/dynamic?id=`, spec 1 §2.1, spec 2
 * §2): columns, search fields and buttons from the module's list design; add, edit and view in the module's
 * form (FormRender, with its form script's hooks); delete, batch delete, export (xlsx), template download and
 * import with a row-by-row error report. Buttons follow the module menu's button codes `lc_<id>_<op>`.
 */
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { LcField, LcImportReport } from '@swp/contract';
import { App, Button, Empty, Form, InputNumber, Result, Space, Spin, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Row } from '../../../api/crud';
import { onlineDevApi } from '../../../api/lowcode';
import { FieldControl, normaliseConf, valueFields } from '../../../components/form-render';
import { ImportButton } from '../../../components/widgets';
import { saveBlob } from '../../../lib/download';
import { usePermission } from '../../../stores/session';
import { hasButton, parseColumnData } from '../modules/listDesign';
import { cellOf, searchQueryJson } from './cells';
import { ImportReport } from './ImportReport';
import { type Mode, RecordDialog } from './RecordDialog';
import { useModule } from './useModule';

export default function DynamicPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const moduleId = params.get('id');
  const { module, error } = useModule(moduleId);
  const conf = useMemo(() => normaliseConf(module?.formData ?? ''), [module]);
  const columnData = useMemo(() => parseColumnData(module?.columnData, conf), [module, conf]);
  const byModel = useMemo(() => new Map(valueFields(conf.fields).map((f) => [f.__vModel__!, f])), [conf]);
  const code = `lc_${moduleId}`;
  const can = {
    add: usePermission(`${code}_add`),
    edit: usePermission(`${code}_edit`),
    remove: usePermission(`${code}_delete`),
    view: usePermission(`${code}_view`),
    export: usePermission(`${code}_export`),
    import: usePermission(`${code}_import`),
  };
  const [search] = Form.useForm();
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [data, setData] = useState<{ list: Row[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ mode: Mode; id?: string } | null>(null);
  const [report, setReport] = useState<LcImportReport | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (columnData.pageSize) setPage((p) => ({ ...p, size: Number(columnData.pageSize) }));
  }, [columnData.pageSize]);

  const listQuery = useCallback(
    () => ({
      currentPage: page.current,
      pageSize: page.size,
      queryJson: Object.keys(query).length ? JSON.stringify(query) : undefined,
      sidx: columnData.defaultSidx || undefined,
      sort: columnData.sort || undefined,
    }),
    [page, query, columnData],
  );

  const load = useCallback(async () => {
    if (!moduleId || !module) return;
    setLoading(true);
    try {
      const r = await onlineDevApi.list(moduleId, listQuery());
      setData({ list: r.list, total: r.pagination?.total ?? r.list.length });
    } catch {
      // the client already showed the server's message
    } finally {
      setLoading(false);
    }
  }, [moduleId, module, listQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!moduleId || error)
    return <Result status="404" title={t('lowcode.dynamic.noModule')} data-testid="dynamic-missing" />;
  if (!module) return <Spin style={{ display: 'block', margin: 48 }} />;

  const removeRows = (ids: string[]) => {
    if (!ids.length) {
      message.warning(t('lowcode.dynamic.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('lowcode.dynamic.confirmRemove'),
      onOk: async () => {
        if (ids.length === 1) await onlineDevApi.delete(moduleId, ids[0]);
        else await onlineDevApi.batchDelete(moduleId, ids);
        message.success(t('lowcode.dynamic.removed'));
        setSelected([]);
        await load();
      },
    });
  };

  const columns: TableColumnsType<Row> = [
    ...columnData.columnList.map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: c.label,
      width: c.width,
      align: c.align,
      ellipsis: true,
      render: (v: unknown) => cellOf(byModel.get(c.prop), v, t),
    })),
  ];
  const rowButtons = columnData.columnBtnsList;
  if (rowButtons.length)
    columns.push({
      key: '__actions',
      title: t('lowcode.dynamic.actions'),
      width: 200,
      fixed: 'right',
      render: (_: unknown, r: Row) => (
        <Space size={0}>
          {hasButton(columnData, 'edit') && can.edit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ mode: 'edit', id: r.id })}
            >
              {t('lowcode.btn.edit')}
            </Button>
          )}
          {hasButton(columnData, 'detail') && can.view && (
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setDialog({ mode: 'view', id: r.id })}
            >
              {t('lowcode.btn.detail')}
            </Button>
          )}
          {hasButton(columnData, 'remove') && can.remove && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeRows([r.id])}>
              {t('lowcode.btn.remove')}
            </Button>
          )}
        </Space>
      ),
    });

  const searchFields = columnData.searchList.map((s) => byModel.get(s.prop)).filter((f): f is LcField => !!f);

  const toolbar: ReactNode[] = [];
  if (hasButton(columnData, 'add') && can.add)
    toolbar.push(
      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
        {t('lowcode.btn.add')}
      </Button>,
    );
  if (hasButton(columnData, 'batchRemove') && can.remove)
    toolbar.push(
      <Button key="batch" danger icon={<DeleteOutlined />} onClick={() => removeRows(selected)}>
        {t('lowcode.btn.batchRemove')}
      </Button>,
    );
  if (hasButton(columnData, 'export') && can.export)
    toolbar.push(
      <Button
        key="export"
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            const { currentPage: _c, pageSize: _s, ...q } = listQuery();
            const { blob, fileName } = await onlineDevApi.exportData(moduleId, { ...q, dataType: 1 });
            saveBlob(blob, fileName);
          } finally {
            setExporting(false);
          }
        }}
      >
        {t('lowcode.btn.export')}
      </Button>,
    );
  if (hasButton(columnData, 'upload') && can.import)
    toolbar.push(
      <ImportButton
        key="import"
        label={t('lowcode.btn.upload')}
        upload={async (file) => {
          const env = await onlineDevApi.importData(moduleId, file);
          if (env.data?.failed) setReport(env.data);
          return env;
        }}
        onDone={() => void load()}
      />,
    );
  if (hasButton(columnData, 'download') && can.import)
    toolbar.push(
      <Button
        key="template"
        onClick={async () => {
          const { blob, fileName } = await onlineDevApi.template(moduleId);
          saveBlob(blob, fileName);
        }}
      >
        {t('lowcode.btn.download')}
      </Button>,
    );

  return (
    <div data-testid="dynamic-page">
      {searchFields.length > 0 && (
        <Form
          form={search}
          name="dynamicSearch"
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          onFinish={(v) => {
            setQuery(searchQueryJson(searchFields, v));
            setPage((p) => ({ ...p, current: 1 }));
          }}
          data-testid="dynamic-search"
        >
          {searchFields.map((f) => (
            <Form.Item key={f.__vModel__} name={f.__vModel__} label={f.__config__.label} style={{ minWidth: 240 }}>
              {f.__config__.jnpfKey === 'calculate' ? (
                // a calculated field computes from the other inputs of a record; in the search it is a number
                // the user types, or it would search for the sum of the (empty) search inputs
                <InputNumber style={{ width: '100%' }} />
              ) : (
                <FieldControl field={{ ...f, disabled: false, __config__: { ...f.__config__ } }} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('lowcode.dynamic.search')}
              </Button>
              <Button
                onClick={() => {
                  search.resetFields();
                  setQuery({});
                  setPage((p) => ({ ...p, current: 1 }));
                }}
              >
                {t('lowcode.dynamic.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        {toolbar}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('lowcode.dynamic.empty')} /> }}
        rowSelection={
          hasButton(columnData, 'batchRemove')
            ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }
            : undefined
        }
        pagination={
          columnData.hasPage === false
            ? false
            : {
                current: page.current,
                pageSize: page.size,
                total: data.total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 30, 50, 100],
                showTotal: (n) => t('lowcode.dynamic.total', { n }),
                onChange: (current, size) => setPage({ current, size }),
              }
        }
      />
      <RecordDialog
        moduleId={moduleId}
        conf={conf}
        state={dialog}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void load();
        }}
      />
      <ImportReport report={report} onClose={() => setReport(null)} />
    </div>
  );
}
