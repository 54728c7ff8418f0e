/** The dynamic list's columns: the list design's columns, then the row buttons (edit, detail, remove) it allows. */
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { LcField } from '@swp/contract';
import { Space, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Row } from '../../../api/crud';
import { RowButton } from '../../../components/crud/RowButton';
import { hasButton, type parseColumnData } from '../modules/listDesign';
import { cellOf } from './cells';
import type { Mode } from './RecordDialog';
import type { ModuleCan } from './useModuleCan';

interface ColumnsArgs {
  columnData: ReturnType<typeof parseColumnData>;
  byModel: Map<string, LcField>;
  can: ModuleCan;
  t: TFunction;
  open: (mode: Mode, id: string) => void;
  remove: (ids: string[]) => void;
}

export function dynamicColumns({ columnData, byModel, can, t, open, remove }: ColumnsArgs): TableColumnsType<Row> {
  const columns: TableColumnsType<Row> = columnData.columnList.map((c) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: c.label,
    width: c.width,
    align: c.align,
    ellipsis: true,
    render: (v: unknown) => cellOf(byModel.get(c.prop), v, t),
  }));
  if (!columnData.columnBtnsList.length) return columns;
  columns.push({
    key: '__actions',
    title: t('lowcode.dynamic.actions'),
    width: 200,
    fixed: 'right',
    render: (_: unknown, r: Row) => (
      <Space size={0}>
        {hasButton(columnData, 'edit') && can.edit && (
          <RowButton icon={<EditOutlined />} onClick={() => open('edit', r.id)}>
            {t('lowcode.btn.edit')}
          </RowButton>
        )}
        {hasButton(columnData, 'detail') && can.view && (
          <RowButton icon={<EyeOutlined />} onClick={() => open('view', r.id)}>
            {t('lowcode.btn.detail')}
          </RowButton>
        )}
        {hasButton(columnData, 'remove') && can.remove && (
          <RowButton danger icon={<DeleteOutlined />} onClick={() => remove([r.id])}>
            {t('lowcode.btn.remove')}
          </RowButton>
        )}
      </Space>
    ),
  });
  return columns;
}
