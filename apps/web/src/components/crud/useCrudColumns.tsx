/**
 * The table columns of a CrudPage: the index column, one column per visible schema column and the row buttons
 * (view / edit / delete, each carrying its permission code as `data-perm`, then the caller's own row actions).
 */
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Space, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { cellText } from './fields';
import { RowButton } from './RowButton';
import type { CrudColumn, CrudHandle, DialogMode, Option } from './types';

type Op = 'add' | 'edit' | 'remove' | 'view';

/**
 * The permission code of a standard button: a screen's buttons are `<menu code>_add|_edit|_delete|_view` (as the
 * menu seed names them); without a screen code the spec's defaults btn_add, btn_edit, btn_remove (and btn_view).
 */
export function buttonCode(prefix: string | undefined, op: Op): string {
  if (!prefix) return `btn_${op}`;
  return `${prefix}_${op === 'remove' ? 'delete' : op}`;
}

/** The latest handlers of the page, read by the row buttons through a ref. */
export interface LiveHandlers<T extends Row> {
  open(mode: DialogMode, row?: T): Promise<void>;
  removeRows(rows: T[]): void;
  handle: CrudHandle<T>;
}

export interface CrudColumnsInput<T extends Row> {
  columns: CrudColumn<T>[];
  options: Record<string, Option[]>;
  index: boolean;
  /** the number of the first row on the page, less one */
  offset: number;
  showView: boolean;
  showEdit: boolean;
  showDel: boolean;
  rowActions?(row: T, handle: CrudHandle<T>): ReactNode;
  actionWidth?: number;
  permCode?: string;
  live: React.RefObject<LiveHandlers<T>>;
}

function rowButtons<T extends Row>(r: T, input: CrudColumnsInput<T>, t: TFunction) {
  const { showView, showEdit, showDel, rowActions, permCode, live } = input;
  const buttons = [
    { op: 'view', show: showView, icon: <EyeOutlined />, onClick: () => void live.current.open('view', r) },
    { op: 'edit', show: showEdit, icon: <EditOutlined />, onClick: () => void live.current.open('edit', r) },
    { op: 'remove', show: showDel, icon: <DeleteOutlined />, onClick: () => live.current.removeRows([r]) },
  ] as const;
  return (
    <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
      {buttons.map(
        (b) =>
          b.show && (
            <RowButton
              key={b.op}
              danger={b.op === 'remove'}
              icon={b.icon}
              data-perm={buttonCode(permCode, b.op)}
              onClick={b.onClick}
            >
              {t(`crud.${b.op}`)}
            </RowButton>
          ),
      )}
      {rowActions?.(r, live.current.handle)}
    </Space>
  );
}

/**
 * The row buttons call the latest handlers (they close over the dialog, the selection and the caller's hooks)
 * through a ref, so the table's columns need not be built again on every render of the screen: antd works its
 * columns over (selection, fixed offsets, widths) each time it gets new ones.
 */
export function useCrudColumns<T extends Row>(input: CrudColumnsInput<T>): TableColumnsType<T> {
  const { t } = useTranslation();
  const { columns, options, index, offset, showView, showEdit, showDel, rowActions, actionWidth, permCode } = input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: input's other fields (live) are a ref; the rest is listed
  return useMemo(() => {
    const out: TableColumnsType<T> = [];
    if (index) {
      out.push({ title: '#', key: '__index', width: 60, align: 'center', render: (_v, _r, i) => offset + i + 1 });
    }
    for (const c of columns) {
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
        render: (_v, r) => rowButtons(r, input, t),
      });
    }
    return out;
  }, [columns, options, t, index, offset, showView, showEdit, showDel, rowActions, actionWidth, permCode]);
}
