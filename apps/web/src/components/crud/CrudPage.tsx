/**
 * CrudPage: one column schema drives the table, the search form, the add/edit/view dialog and multi-delete
 * (spec 1 §2.7–2.11, §5; spec 2 §2 "Generic list (CRUD) screen").
 *
 * - Search drops empty values and goes back to page 1 (always a request, the same criteria too); a date range sends
 *   `<prop>_dategt` / `<prop>_datelt`.
 * - Server paging (10/30/50/100/200, default 10; or the large variant 20/50/100/500); index and selection columns.
 * - Delete asks '确定将选择数据删除?'; nothing selected warns '请选择至少一条数据'; success texts 新增成功,
 *   更新成功, 删除成功; validation texts come from the schema.
 * - Buttons follow the session's permission map when judging is on (`<permission>_add|_edit|_delete|_view`); each
 *   standard button carries its code as `data-perm` (the browser's role walk checks it against the grants).
 * - Tree tables (rows with children) and lazy trees (rows with hasChildren, children loaded on expand).
 */

import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  keepPreviousData,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { App, Button, Empty, Form, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useContext, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, rowsOf } from '../../api/crud';
import { hasPermission, useSession } from '../../stores/session';
import { CrudDialog } from './CrudDialog';
import { CrudPagination, DEFAULT_PAGE_SIZE } from './CrudPagination';
import { CrudSearch } from './CrudSearch';
import { cellText, fromFormValue, toFormValue, useColumnOptionsState } from './fields';
import type { CrudColumn, CrudHandle, CrudPageProps, DialogMode } from './types';
import { useFormScript } from './useFormScript';

let fallbackClient: QueryClient | undefined;

/** Works inside the app's QueryClientProvider, or with its own client where there is none (tests, embeds). */
export function CrudPage<T extends Row = Row>(props: CrudPageProps<T>) {
  const existing = useContext(QueryClientContext);
  if (existing) return <CrudPageInner {...props} />;
  fallbackClient ??= new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return (
    <QueryClientProvider client={fallbackClient}>
      <CrudPageInner {...props} />
    </QueryClientProvider>
  );
}

type Op = 'add' | 'edit' | 'remove' | 'view';

/**
 * The permission code of a standard button: a screen's buttons are `<menu code>_add|_edit|_delete|_view` (as the
 * menu seed names them); without a screen code the spec's defaults btn_add, btn_edit, btn_remove (and btn_view).
 */
export function buttonCode(prefix: string | undefined, op: Op): string {
  if (!prefix) return `btn_${op}`;
  return `${prefix}_${op === 'remove' ? 'delete' : op}`;
}

function CrudPageInner<T extends Row = Row>(props: CrudPageProps<T>) {
  const {
    api,
    columns,
    rowKey = 'id',
    pageVariant = 'default',
    paged = true,
    index = true,
    selection = true,
    addBtn = true,
    editBtn = true,
    viewBtn = true,
    delBtn = true,
    batchDelBtn = true,
    maskClosable = false,
    dialogWidth = 880,
    labelWidth = 110,
    texts = {},
  } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const rootRef = useRef<HTMLDivElement>(null);
  const permission = useSession((s) => s.permission);
  const can = (op: Op) => hasPermission(buttonCode(props.permission, op), permission);

  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE[pageVariant]);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [selectedKeys, setSelectedKeys] = useState<React.Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [lazyChildren, setLazyChildren] = useState<Record<string, T[]>>({});
  // expanded lazy nodes keep their place across reloads: their children are fetched again
  const expandedRows = useRef<Record<string, T>>({});
  const { options } = useColumnOptionsState(columns);

  const queryKey = useMemo(() => JSON.stringify(props.query ?? {}), [props.query]);
  const [lastQueryKey, setLastQueryKey] = useState(queryKey);
  if (lastQueryKey !== queryKey) {
    // a new fixed filter (tree node, parent row) starts again from page 1
    setLastQueryKey(queryKey);
    setCurrent(1);
    setSelectedKeys([]);
    setSelectedRows([]);
    setLazyChildren({});
    expandedRows.current = {};
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey stands for props.query (a new object on every render of the caller)
  const params = useMemo(
    () => ({ ...(paged ? { current, size } : {}), ...(props.query ?? {}), ...search }),
    [paged, current, size, queryKey, search],
  );
  const listQuery = { queryKey: ['crud', api.key, params], queryFn: () => api.page(params), retry: false } as const;
  // The first page is asked for while the screen renders, not after it is on screen (where `useQuery` starts it):
  // a list's request and its first render overlap (issue 24 item 10). `useQuery` below joins the request in flight.
  const client = useQueryClient();
  useState(() => {
    if (!client.getQueryState(listQuery.queryKey)?.dataUpdatedAt) void client.prefetchQuery(listQuery);
  });
  const list = useQuery({ ...listQuery, placeholderData: keepPreviousData });
  const { records, total } = rowsOf<T>(list.data);

  const withLazy = useCallback(
    (rows: T[]): T[] =>
      rows.map((r) => {
        const id = String(r[rowKey]);
        if (lazyChildren[id]) return { ...r, children: withLazy(lazyChildren[id]) };
        if (props.lazy && r.hasChildren && !r.children?.length) return { ...r, children: [] };
        if (r.children?.length) return { ...r, children: withLazy(r.children) };
        const { children: _drop, ...rest } = r;
        return rest as T;
      }),
    [lazyChildren, props.lazy, rowKey],
  );
  const data = useMemo(
    () => (props.tree || props.lazy ? withLazy(records) : records),
    [records, withLazy, props.tree, props.lazy],
  );

  const reload = useCallback(() => {
    void list.refetch();
    const open = Object.entries(expandedRows.current);
    if (!props.lazy || !open.length) {
      setLazyChildren({});
      return;
    }
    void Promise.all(open.map(async ([id, r]) => [id, (await props.lazy!(r).catch(() => [])) ?? []] as const)).then(
      (pairs) => setLazyChildren(Object.fromEntries(pairs)),
    );
  }, [list, props.lazy]);

  // dialog
  const [form] = Form.useForm();
  const [dialog, setDialog] = useState<{ open: boolean; mode: DialogMode; row?: T; loading: boolean }>({
    open: false,
    mode: 'add',
    loading: false,
  });
  const [saving, setSaving] = useState(false);
  const formScript = useFormScript();

  const fillForm = (values: Partial<T>) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) out[c.prop] = toFormValue(c, (values as Row)[c.prop]);
    form.setFieldsValue(out);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: fillForm reads the current form; the rest is listed
  const open = useCallback(
    async (mode: DialogMode, row?: T) => {
      setDialog({ open: true, mode, row, loading: mode !== 'add' });
      form.resetFields();
      try {
        let values: Partial<T>;
        if (props.beforeOpen) values = await props.beforeOpen(mode, row);
        else if (mode !== 'add' && row && api.detail) values = (await api.detail(String(row[rowKey]))) ?? row;
        else values = row ?? ({} as Partial<T>);
        if (mode === 'add') {
          const defaults: Row = {};
          for (const c of columns) if (c.defaultValue !== undefined) defaults[c.prop] = c.defaultValue;
          values = { ...defaults, ...(props.defaults ?? {}), ...values } as Partial<T>;
        }
        const scripted = mode !== 'view' && !!formScript.script;
        if (scripted) values = (await formScript.run('beforeMount', values as Row, mode)).data as Partial<T>;
        // the dialog renders its form after this tick
        setTimeout(() => {
          fillForm(values);
          if (!scripted) return;
          void formScript.run('afterMount', values as Row, mode).then((out) => {
            if (JSON.stringify(out.data) !== JSON.stringify(values)) fillForm(out.data as Partial<T>);
          });
        }, 0);
        setDialog((d) => ({ ...d, row: { ...(row ?? {}), ...values } as T, loading: false }));
      } catch {
        setDialog((d) => ({ ...d, open: false, loading: false }));
      }
    },
    [api, columns, props.beforeOpen, props.defaults, rowKey, formScript],
  );

  const submit = async () => {
    let raw: Record<string, unknown>;
    try {
      raw = await form.validateFields();
    } catch {
      return;
    }
    const { mode, row } = dialog;
    let values: Row = {};
    for (const c of columns) {
      if (!(c.prop in raw)) continue;
      values[c.prop] = fromFormValue(c, raw[c.prop]);
    }
    // hidden values given when the dialog opened (e.g. the parent of a new child) travel with the form's
    if (mode === 'add') values = { ...(props.defaults ?? {}), ...((row ?? {}) as Row), ...values };
    if (mode === 'edit' && row) values = { ...row, ...values, [rowKey]: row[rowKey] };
    // the table's tree helpers are not part of the record
    delete values.children;
    delete values.hasChildren;
    setSaving(true);
    const scriptMode = mode === 'add' ? 'add' : 'edit';
    if (formScript.script) {
      const out = await formScript.run('beforeSubmit', values, scriptMode);
      if (out.stop) {
        setSaving(false);
        message.warning(out.stop === true ? t('crud.scriptStopped') : out.stop);
        return;
      }
      values = out.data;
    }
    try {
      const shaped = props.beforeSubmit
        ? await props.beforeSubmit(values as Partial<T>, mode, row)
        : (values as Partial<T>);
      if (props.onSave) await props.onSave(shaped, mode, row);
      else await api.submit(shaped);
      message.success(
        t(mode === 'add' ? (texts.addSuccess ?? 'crud.addSuccess') : (texts.updateSuccess ?? 'crud.updateSuccess')),
      );
      setDialog((d) => ({ ...d, open: false }));
      props.afterSave?.(mode);
      if (formScript.script) void formScript.run('afterSubmit', shaped as Row, scriptMode);
      reload();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const removeRows = (rows: T[]) => {
    if (!rows.length) {
      message.warning(t(texts.selectOne ?? 'crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t(texts.confirmRemove ?? 'crud.confirmRemove'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await api.remove(rows.map((r) => String(r[rowKey])));
        } catch {
          // the HTTP client has shown the server's reason; the confirmation closes
          return;
        }
        message.success(t(texts.removeSuccess ?? 'crud.removeSuccess'));
        setSelectedKeys([]);
        setSelectedRows([]);
        reload();
      },
    });
  };

  const handle: CrudHandle<T> = {
    reload,
    rows: records,
    selected: selectedRows,
    clearSelection: () => {
      setSelectedKeys([]);
      setSelectedRows([]);
    },
    open: (mode, row) => void open(mode, row),
  };
  useImperativeHandle(props.handleRef, () => handle);

  // The row buttons call the latest handlers (they close over the dialog, the selection and the caller's hooks)
  // through a ref, so the table's columns need not be built again on every render of the screen: antd works its
  // columns over (selection, fixed offsets, widths) each time it gets new ones.
  const live = useRef({ open, removeRows, handle });
  live.current = { open, removeRows, handle };
  const showView = viewBtn && can('view');
  const showEdit = editBtn && can('edit');
  const showDel = delBtn && can('remove');
  const { rowActions, actionWidth, permission: permCode } = props;
  const tableColumns = useMemo(() => {
    const out: TableColumnsType<T> = [];
    if (index) {
      out.push({
        title: '#',
        key: '__index',
        width: 60,
        align: 'center',
        render: (_v, _r, i) => (paged ? (current - 1) * size : 0) + i + 1,
      });
    }
    for (const c of columns as CrudColumn<T>[]) {
      if (c.hide) continue;
      const opts = options[c.prop];
      out.push({
        title: t(c.label),
        dataIndex: c.prop,
        key: c.prop,
        width: c.width,
        ellipsis: c.ellipsis ?? c.type === 'textarea',
        fixed: c.fixed,
        render: c.render ? (v, r, i) => c.render!(v, r, i) : (v) => cellText(c, v, opts, t),
      });
    }
    if (showView || showEdit || showDel || rowActions) {
      out.push({
        title: t('crud.actions'),
        key: '__actions',
        fixed: 'right',
        width:
          actionWidth ?? 70 * ((showView ? 1 : 0) + (showEdit ? 1 : 0) + (showDel ? 1 : 0)) + (rowActions ? 120 : 20),
        render: (_v, r) => (
          <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
            {showView && (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                data-perm={buttonCode(permCode, 'view')}
                onClick={() => void live.current.open('view', r)}
              >
                {t('crud.view')}
              </Button>
            )}
            {showEdit && (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                data-perm={buttonCode(permCode, 'edit')}
                onClick={() => void live.current.open('edit', r)}
              >
                {t('crud.edit')}
              </Button>
            )}
            {showDel && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-perm={buttonCode(permCode, 'remove')}
                onClick={() => live.current.removeRows([r])}
              >
                {t('crud.remove')}
              </Button>
            )}
            {rowActions?.(r, live.current.handle)}
          </Space>
        ),
      });
    }
    return out;
  }, [
    columns,
    options,
    t,
    index,
    paged,
    current,
    size,
    showView,
    showEdit,
    showDel,
    rowActions,
    actionWidth,
    permCode,
  ]);

  const title = props.title ? t(props.title) : '';
  const dialogTitle = `${t(`crud.${dialog.mode}`)}${title ? ` ${title}` : ''}`.trim();
  const searchColumns = columns.filter((c) => c.search);

  return (
    <div ref={rootRef} className="crud-page" data-testid={props.testId ?? 'crud-page'}>
      {props.header}
      {searchColumns.length > 0 && (
        <CrudSearch
          columns={searchColumns}
          options={options}
          onSearch={(q) => {
            // 搜索 always asks the server: the same criteria on page 1 keep the query's key, so without an explicit
            // refetch TanStack Query would answer from its cache and the list would stay stale (issue 24)
            const same = current === 1 && JSON.stringify(q) === JSON.stringify(search);
            setSearch(q);
            setCurrent(1);
            if (same) void list.refetch();
          }}
        />
      )}
      <Space className="crud-toolbar" style={{ marginBottom: 12 }} wrap>
        {addBtn && can('add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-perm={buttonCode(props.permission, 'add')}
            onClick={() => void open('add')}
          >
            {t('crud.add')}
          </Button>
        )}
        {selection && batchDelBtn && delBtn && can('remove') && (
          <Button
            danger
            icon={<DeleteOutlined />}
            data-perm={buttonCode(props.permission, 'remove')}
            onClick={() => removeRows(selectedRows)}
          >
            {t('crud.remove')}
          </Button>
        )}
        {props.toolbar?.(handle)}
      </Space>
      <Table<T>
        rowKey={(r) => String(r[rowKey])}
        size={props.size ?? 'middle'}
        bordered
        loading={list.isFetching}
        columns={tableColumns}
        dataSource={data}
        pagination={false}
        scroll={{ x: props.scrollX ?? 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} /> }}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelectedRows(rows);
                },
                checkStrictly: true,
              }
            : undefined
        }
        expandable={
          props.lazy
            ? {
                onExpand: async (expanded, r) => {
                  const id = String(r[rowKey]);
                  if (!expanded) {
                    delete expandedRows.current[id];
                    return;
                  }
                  expandedRows.current[id] = r;
                  if (lazyChildren[id]) return;
                  const kids = await props.lazy!(r);
                  setLazyChildren((m) => ({ ...m, [id]: kids ?? [] }));
                },
              }
            : undefined
        }
        onRow={(r) => ({
          onClick: props.onRowClick ? () => props.onRowClick!(r) : undefined,
          className:
            props.activeRowKey !== undefined && String(r[rowKey]) === props.activeRowKey
              ? 'crud-row-active'
              : undefined,
          style: props.onRowClick ? { cursor: 'pointer' } : undefined,
        })}
      />
      {paged && (
        <div style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
          <CrudPagination
            variant={pageVariant}
            current={current}
            size={size}
            total={total}
            sizes={props.pageSizes}
            scrollTarget={() => rootRef.current}
            onChange={(c, s) => {
              setCurrent(c);
              setSize(s);
            }}
          />
        </div>
      )}
      <CrudDialog<T>
        open={dialog.open}
        mode={dialog.mode}
        title={dialogTitle}
        form={form}
        columns={columns}
        options={options}
        row={dialog.row}
        loading={dialog.loading}
        saving={saving}
        width={dialogWidth}
        labelWidth={labelWidth}
        maskClosable={maskClosable}
        extra={props.dialogExtra?.(dialog.mode, form, dialog.row)}
        onSubmit={() => void submit()}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </div>
  );
}
