/** The columns of a SQL interface's parameter table, each cell an input of its row: name, label, type, default, required, delete. */
import { Checkbox, Input, Select, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Param } from './interfaces';
import { removeColumn } from './removeColumn';

interface Args {
  t: TFunction;
  set: (i: number, patch: Partial<Param>) => void;
  remove: (i: number) => void;
}

export function paramColumns({ t, set, remove }: Args): TableColumnsType<Param> {
  const types = [
    { value: 'string', label: t('lowcode.di.typeString') },
    { value: 'number', label: t('lowcode.di.typeNumber') },
    { value: 'date', label: t('lowcode.di.typeDate') },
  ];
  return [
    {
      title: t('lowcode.di.paramField'),
      key: 'field',
      render: (_v, p, i) => (
        <Input
          aria-label={t('lowcode.di.paramField')}
          value={p.field}
          onChange={(e) => set(i, { field: e.target.value })}
        />
      ),
    },
    {
      title: t('lowcode.di.paramLabel'),
      key: 'label',
      render: (_v, p, i) => (
        <Input
          aria-label={t('lowcode.di.paramLabel')}
          value={p.label}
          onChange={(e) => set(i, { label: e.target.value })}
        />
      ),
    },
    {
      title: t('lowcode.di.paramType'),
      key: 'dataType',
      width: 110,
      render: (_v, p, i) => (
        <Select
          aria-label={t('lowcode.di.paramType')}
          value={p.dataType ?? 'string'}
          options={types}
          onChange={(v) => set(i, { dataType: v })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: t('lowcode.di.paramDefault'),
      key: 'defaultValue',
      render: (_v, p, i) => (
        <Input
          aria-label={t('lowcode.di.paramDefault')}
          value={p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue)}
          onChange={(e) => set(i, { defaultValue: e.target.value })}
        />
      ),
    },
    {
      title: t('lowcode.di.paramRequired'),
      key: 'required',
      width: 70,
      align: 'center',
      render: (_v, p, i) => (
        <Checkbox
          aria-label={t('lowcode.di.paramRequired')}
          checked={!!p.required}
          onChange={(e) => set(i, { required: e.target.checked })}
        />
      ),
    },
    removeColumn<Param>(t, (_p, i) => remove(i)),
  ];
}
