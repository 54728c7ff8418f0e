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

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { App, Button, Space, Table } from 'antd';
import { type ReactNode, useContext, useImperativeHandle, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { hasPermission, useSession } from '../../stores/session';
import { CrudDialog } from './CrudDialog';
import { CrudPagination } from './CrudPagination';
import { CrudSearch } from './CrudSearch';
import { emptyLocale } from './emptyLocale';
import { useColumnOptionsState } from './fields';
import type { CrudHandle, CrudPageProps } from './types';
import { buttonCode, type LiveHandlers, useCrudColumns } from './useCrudColumns';
import { useCrudDialog } from './useCrudDialog';
import { useCrudList } from './useCrudList';

export { buttonCode } from './useCrudColumns';

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

/** The toolbar above the table: 新增, the multi-delete and the caller's own buttons. */
function CrudToolbar(props: {
  permission?: string;
  showAdd: boolean;
  showBatchDel: boolean;
  onAdd(): void;
  onBatchDel(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space className="crud-toolbar" style={{ marginBottom: 12 }} wrap>
      {props.showAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-perm={buttonCode(props.permission, 'add')}
          onClick={props.onAdd}
        >
          {t('crud.add')}
        </Button>
      )}
      {props.showBatchDel && (
        <Button
          danger
          icon={<DeleteOutlined />}
          data-perm={buttonCode(props.permission, 'remove')}
          onClick={props.onBatchDel}
        >
          {t('crud.remove')}
        </Button>
      )}
      {props.children}
    </Space>
  );
}

/** Multi-delete and row delete: confirm, remove, clear the selection and reload. */
function useRemoveRows<T extends Row>(props: CrudPageProps<T>, clearSelection: () => void, reload: () => void) {
  const { api, rowKey = 'id', texts = {} } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (rows: T[]) => {
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
        clearSelection();
        reload();
      },
    });
  };
}

function CrudPageInner<T extends Row = Row>(props: CrudPageProps<T>) {
  const { rowKey = 'id', pageVariant = 'default', paged = true, selection = true, delBtn = true } = props;
  const { t } = useTranslation();
  const columns = useMemo(
    () => (typeof props.columns === 'function' ? props.columns(t) : props.columns),
    [props.columns, t],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const permission = useSession((s) => s.permission);
  const can = (op: 'add' | 'edit' | 'remove' | 'view') => hasPermission(buttonCode(props.permission, op), permission);
  const list = useCrudList(props);
  const { options } = useColumnOptionsState(columns);
  const dialog = useCrudDialog({ ...props, columns }, list.reload);
  const clearSelection = () => list.select([], []);
  const removeRows = useRemoveRows(props, clearSelection, list.reload);

  const handle: CrudHandle<T> = {
    reload: list.reload,
    rows: list.records,
    selected: list.selectedRows,
    clearSelection,
    open: (mode, row) => void dialog.open(mode, row),
  };
  useImperativeHandle(props.handleRef, () => handle);

  const live = useRef<LiveHandlers<T>>({ open: dialog.open, removeRows, handle });
  live.current = { open: dialog.open, removeRows, handle };
  const tableColumns = useCrudColumns<T>({
    columns,
    options,
    index: props.index ?? true,
    offset: paged ? (list.current - 1) * list.size : 0,
    showView: (props.viewBtn ?? true) && can('view'),
    showEdit: (props.editBtn ?? true) && can('edit'),
    showDel: delBtn && can('remove'),
    rowActions: props.rowActions,
    actionWidth: props.actionWidth,
    permCode: props.permission,
    live,
  });

  const title = props.title ? t(props.title) : '';
  const dialogTitle = `${t(`crud.${dialog.dialog.mode}`)}${title ? ` ${title}` : ''}`.trim();
  const searchColumns = columns.filter((c) => c.search);

  return (
    <div ref={rootRef} className="crud-page" data-testid={props.testId ?? 'crud-page'}>
      {props.header}
      {searchColumns.length > 0 && <CrudSearch columns={searchColumns} options={options} onSearch={list.onSearch} />}
      <CrudToolbar
        permission={props.permission}
        showAdd={(props.addBtn ?? true) && can('add')}
        showBatchDel={selection && (props.batchDelBtn ?? true) && delBtn && can('remove')}
        onAdd={() => void dialog.open('add')}
        onBatchDel={() => removeRows(list.selectedRows)}
      >
        {props.toolbar?.(handle)}
      </CrudToolbar>
      <Table<T>
        rowKey={(r) => String(r[rowKey])}
        size={props.size ?? 'middle'}
        bordered
        loading={list.list.isFetching}
        columns={tableColumns}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: props.scrollX ?? 'max-content' }}
        locale={emptyLocale(t('crud.empty'))}
        rowSelection={
          selection ? { selectedRowKeys: list.selectedKeys, onChange: list.select, checkStrictly: true } : undefined
        }
        expandable={props.lazy ? { onExpand: list.onExpand } : undefined}
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
            current={list.current}
            size={list.size}
            total={list.total}
            sizes={props.pageSizes}
            scrollTarget={() => rootRef.current}
            onChange={(c, s) => {
              list.setCurrent(c);
              list.setSize(s);
            }}
          />
        </div>
      )}
      <CrudDialog<T>
        open={dialog.dialog.open}
        mode={dialog.dialog.mode}
        title={dialogTitle}
        form={dialog.form}
        columns={columns}
        options={options}
        row={dialog.dialog.row}
        loading={dialog.dialog.loading}
        saving={dialog.saving}
        width={props.dialogWidth ?? 880}
        labelWidth={props.labelWidth ?? 110}
        maskClosable={props.maskClosable ?? false}
        extra={props.dialogExtra?.(dialog.dialog.mode, dialog.form, dialog.dialog.row)}
        onSubmit={() => void dialog.submit()}
        onClose={dialog.close}
      />
    </div>
  );
}
