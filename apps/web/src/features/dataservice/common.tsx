/** Helpers of the JNPF screens: the enabled-mark column and its toggle. */
import { Switch, Tag } from 'antd';
import type { CrudColumn } from '../../components/crud';
import i18n from '../../i18n';

export const enabledColumn = (toggle?: (id: string) => Promise<unknown>, reload?: () => void): CrudColumn => ({
  prop: 'enabledMark',
  label: 'crud.status',
  type: 'switch',
  defaultValue: 1,
  render: (v, row) =>
    toggle ? (
      <Switch
        size="small"
        checked={Number(v) === 1}
        aria-label={`${row.fullName ?? row.name ?? ''} ${i18n.t('crud.status')}`.trim()}
        onClick={(_c, e) => {
          e.stopPropagation();
          void toggle(String(row.id)).then(() => reload?.());
        }}
      />
    ) : Number(v) === 1 ? (
      <Tag color="green">✓</Tag>
    ) : (
      <Tag>✗</Tag>
    ),
});
