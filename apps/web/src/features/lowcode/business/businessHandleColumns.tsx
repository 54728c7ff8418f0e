/** 业务办理's list columns: the business's columns shown as text, then view and delete when permitted. */
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { LcField } from '@swp/contract';
import { Space, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Row } from '../../../api/crud';
import { RowButton } from '../../../components/crud/RowButton';
import { valueFields } from '../../../components/form-render';
import { cellOf } from '../dynamic/cells';
import type { Business } from './useBusinessHandle';

interface Args {
  biz: Business | null;
  t: TFunction;
  canView: boolean;
  canDelete: boolean;
  view: (row: Row) => void;
  remove: (row: Row) => void;
}

export function businessHandleColumns({ biz, t, canView, canDelete, view, remove }: Args): TableColumnsType<Row> {
  const fieldOf = new Map<string, LcField>();
  for (const f of biz ? valueFields(biz.conf.fields) : []) fieldOf.set(f.__vModel__!, f);
  return [
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
            <RowButton icon={<EyeOutlined />} onClick={() => view(row)}>
              {t('crud.view')}
            </RowButton>
          )}
          {canDelete && (
            <RowButton danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('crud.remove')}
            </RowButton>
          )}
        </Space>
      ),
    },
  ];
}
