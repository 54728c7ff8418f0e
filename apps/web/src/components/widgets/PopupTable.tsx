/** The popup select's dialog body: the keyword filter and a radio table of rows (value and label by default). */
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerSearch } from './PickerSearch';
import type { PopupRow, PopupSelectProps } from './PopupSelect';
import type { PopupRows } from './usePopupRows';

interface Props {
  rows: PopupRows;
  size: number;
  /** the row chosen in this opening, else the field's value */
  chosen: PopupRow | undefined;
  value: string | undefined;
  choose: (row: PopupRow) => void;
  columns: PopupSelectProps['columns'];
}

export function PopupTable({ rows, size, chosen, value, choose, columns }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PickerSearch label={t('widget.keyword')} value={rows.keyword} onChange={rows.setKeyword} onSearch={rows.apply}>
        {!chosen && <Typography.Text type="secondary">{t('widget.chooseRow')}</Typography.Text>}
      </PickerSearch>
      <Table<PopupRow>
        rowKey="value"
        size="small"
        bordered
        loading={rows.loading}
        dataSource={rows.data.records}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.value] : value ? [value] : [],
          onChange: (_k, r) => choose(r[0]),
        }}
        onRow={(r) => ({ onClick: () => choose(r) })}
        pagination={{
          current: rows.current,
          pageSize: size,
          total: rows.data.total,
          size: 'small',
          showSizeChanger: false,
          onChange: rows.setCurrent,
        }}
        columns={
          columns ?? [
            { title: t('widget.popup.value'), dataIndex: 'value' },
            { title: t('widget.popup.label'), dataIndex: 'label' },
          ]
        }
      />
    </>
  );
}
