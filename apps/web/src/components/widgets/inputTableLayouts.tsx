/**
 * The two layouts of the input table: a table with a sequence column, the row delete links and a summary row,
 * or one card per row with the summary as a card below. The cells come from the input table itself.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputTableColumn, RowValue } from './inputTableRules';

export interface LayoutProps {
  columns: InputTableColumn[];
  rows: RowValue[];
  disabled?: boolean;
  /** the summary row's figures by column, when shown */
  sums: Record<string, number> | null;
  cell: (c: InputTableColumn, r: RowValue, i: number) => ReactNode;
  remove: (i: number) => void;
}

const Required = ({ c }: { c: InputTableColumn }) => (c.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null);

export function InputTableCards({ columns, rows, disabled, sums, cell, remove }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      {rows.map((r, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; the index is their place
          key={i}
          size="small"
          style={{ marginBottom: 8 }}
          title={t('widget.inputTable.row', { n: i + 1 })}
          extra={
            !disabled && (
              <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(i)}>
                {t('widget.inputTable.remove')}
              </Button>
            )
          }
        >
          <Row gutter={12}>
            {columns.map((c) => (
              <Col key={c.prop} span={c.span ?? 12}>
                <div style={{ marginBottom: 4 }}>
                  <Required c={c} />
                  {t(c.label)}
                </div>
                {cell(c, r, i)}
              </Col>
            ))}
          </Row>
        </Card>
      ))}
      {sums && rows.length > 0 && (
        <Card size="small" data-testid="input-table-summary">
          <Typography.Text strong>{t('widget.inputTable.sum')}</Typography.Text>{' '}
          {columns
            .filter((c) => c.prop in sums)
            .map((c) => `${t(c.label)}: ${sums[c.prop]}`)
            .join('  ')}
        </Card>
      )}
    </>
  );
}

type IndexedRow = RowValue & { __i: number };

export function InputTableGrid({ columns, rows, disabled, sums, cell, remove }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <Table<IndexedRow>
      size="small"
      bordered
      pagination={false}
      rowKey="__i"
      dataSource={rows.map((r, i) => ({ ...r, __i: i }))}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('widget.inputTable.index'), key: '__seq', width: 60, align: 'center', render: (_v, r) => r.__i + 1 },
        ...columns.map((c) => ({
          key: c.prop,
          width: c.columnWidth,
          title: (
            <span>
              <Required c={c} />
              {t(c.label)}
            </span>
          ),
          render: (_v: unknown, r: IndexedRow) => cell(c, r, r.__i),
        })),
        ...(!disabled
          ? [
              {
                title: t('widget.inputTable.actions'),
                key: '__actions',
                width: 80,
                render: (_v: unknown, r: IndexedRow) => (
                  <Button type="link" danger size="small" onClick={() => remove(r.__i)}>
                    {t('widget.inputTable.remove')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
      summary={
        sums && rows.length > 0
          ? () => (
              <Table.Summary.Row data-testid="input-table-summary">
                <Table.Summary.Cell index={0}>{t('widget.inputTable.sum')}</Table.Summary.Cell>
                {columns.map((c, k) => (
                  <Table.Summary.Cell index={k + 1} key={c.prop}>
                    {c.prop in sums ? sums[c.prop] : ''}
                  </Table.Summary.Cell>
                ))}
                {!disabled && <Table.Summary.Cell index={columns.length + 1} />}
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  );
}
