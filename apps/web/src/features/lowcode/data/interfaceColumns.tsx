/** 数据接口's list columns: keyword, name, code, category, type (SQL or static), connection, state (a switch for editors), modified. */
import { App, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi } from '../../../api/lowcode';
import type { CrudColumn } from '../../../components/crud';
import { STATIC } from './interfaces';

function StateSwitch({ row, onChanged }: { row: Row; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const on = Number(row.enabledMark) === 1;
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      aria-label={t('lowcode.di.state')}
      onClick={async (_c, e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          await dataInterfaceApi.state(String(row.id));
          message.success(t(on ? 'lowcode.di.disabledNow' : 'lowcode.di.enabledNow'));
          onChanged();
        } catch {
          // the HTTP client has shown why
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

interface Args {
  t: TFunction;
  sources: Row[];
  canEdit: boolean;
  reload: () => void;
}

export function interfaceColumns({ t, sources, canEdit, reload }: Args): CrudColumn[] {
  const sourceName = (id: unknown) => sources.find((s) => String(s.id) === String(id))?.fullName ?? id;
  return [
    { prop: 'keyword', label: 'lowcode.di.keyword', search: true, hide: true, display: false },
    { prop: 'fullName', label: 'lowcode.di.fullName' },
    { prop: 'enCode', label: 'lowcode.di.enCode' },
    { prop: 'category', label: 'lowcode.di.category', search: true },
    {
      prop: 'dataType',
      label: 'lowcode.di.dataType',
      render: (v) =>
        Number(v) === STATIC ? (
          <Tag color="purple">{t('lowcode.di.static')}</Tag>
        ) : (
          <Tag color="blue">{t('lowcode.di.sql')}</Tag>
        ),
    },
    {
      prop: 'dbLinkId',
      label: 'lowcode.di.dbLink',
      render: (v, r) => (Number(r.dataType) === STATIC ? '' : sourceName(v)),
    },
    {
      prop: 'enabledMark',
      label: 'lowcode.di.state',
      render: (_v, r) =>
        canEdit ? (
          <StateSwitch row={r} onChanged={reload} />
        ) : (
          <Tag color={Number(r.enabledMark) === 1 ? 'green' : undefined}>
            {t(Number(r.enabledMark) === 1 ? 'lowcode.di.enabledNow' : 'lowcode.di.disabledNow')}
          </Tag>
        ),
    },
    { prop: 'lastModifyTime', label: 'lowcode.di.modified' },
  ];
}
