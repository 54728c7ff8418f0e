/** The last column of the editable tables (new table's fields, an interface's parameters): a row's delete button. */
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TFunction } from 'i18next';

export function removeColumn<T>(t: TFunction, remove: (row: T, index: number) => void) {
  return {
    title: '',
    key: 'x',
    width: 50,
    render: (_v: unknown, row: T, i: number) => (
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={t('crud.remove')}
        onClick={() => remove(row, i)}
      />
    ),
  };
}
