/**
 * Input table (dynamic form table), spec 1 §2.12: add and delete rows, a sequence column, a summary row 合计
 * for amount, number-input and slider columns, a card-layout variant, and 不能为空 under required cells left
 * empty (shown once the table has been validated or the cell touched).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Slider,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMAT,
  type InputTableColumn,
  newRow,
  type RowValue,
  requiredErrors,
  SUMMARY_KEYS,
  summaryOf,
  withCalculated,
} from './inputTableRules';

export interface InputTableProps {
  columns: InputTableColumn[];
  value?: RowValue[];
  onChange?: (rows: RowValue[]) => void;
  /** card layout instead of a table */
  card?: boolean;
  /** show the summary row (default: when a column is summable) */
  summary?: boolean;
  disabled?: boolean;
  id?: string;
}

export interface InputTableHandle {
  /** marks every cell touched; true when no required cell is empty */
  validate(): boolean;
}

export const InputTable = forwardRef<InputTableHandle, InputTableProps>(function InputTable(p, ref) {
  const { t } = useTranslation();
  const rows = p.value ?? [];
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const errors = new Set(requiredErrors(p.columns, rows));
  useImperativeHandle(ref, () => ({
    validate() {
      setShowAll(true);
      return requiredErrors(p.columns, rows).length === 0;
    },
  }));
  const label = (c: InputTableColumn) => t(c.label);
  const emit = (next: RowValue[]) => p.onChange?.(next.map((r) => withCalculated(p.columns, r)));
  const setCell = (i: number, prop: string, v: unknown) => {
    setTouched((s) => new Set(s).add(`${i}:${prop}`));
    emit(rows.map((r, j) => (j === i ? { ...r, [prop]: v } : r)));
  };
  const add = () => emit([...rows, newRow(p.columns)]);
  const remove = (i: number) => {
    setTouched(new Set());
    emit(rows.filter((_, j) => j !== i));
  };
  const hasSummary = p.summary ?? p.columns.some((c) => SUMMARY_KEYS.includes(c.jnpfKey));
  const sums = summaryOf(p.columns, rows);

  const cell = (c: InputTableColumn, r: RowValue, i: number) => {
    const v = r[c.prop];
    const key = `${i}:${c.prop}`;
    const bad = errors.has(key) && (showAll || touched.has(key));
    const aria = `${label(c)} ${t('widget.inputTable.row', { n: i + 1 })}`;
    const common = { 'aria-label': aria, disabled: p.disabled, status: bad ? ('error' as const) : undefined };
    let control: React.ReactNode;
    switch (c.jnpfKey) {
      case 'textarea':
        control = (
          <Input.TextArea
            {...common}
            rows={2}
            value={v as string}
            onChange={(e) => setCell(i, c.prop, e.target.value)}
          />
        );
        break;
      case 'numInput':
      case 'amount':
        control = (
          <InputNumber
            {...common}
            style={{ width: '100%' }}
            min={c.min}
            max={c.max}
            precision={c.jnpfKey === 'amount' ? (c.precision ?? 2) : c.precision}
            value={v as number}
            onChange={(x) => setCell(i, c.prop, x)}
          />
        );
        break;
      case 'slider':
        control = (
          <Slider
            aria-label={aria}
            disabled={p.disabled}
            min={c.min ?? 0}
            max={c.max ?? 100}
            value={(v as number) ?? 0}
            onChange={(x) => setCell(i, c.prop, x)}
          />
        );
        break;
      case 'select':
        control = (
          <Select
            {...common}
            style={{ width: '100%' }}
            allowClear
            options={c.options}
            value={v as any}
            onChange={(x) => setCell(i, c.prop, x)}
          />
        );
        break;
      case 'radio':
        control = (
          <Radio.Group
            disabled={p.disabled}
            options={c.options}
            value={v}
            onChange={(e) => setCell(i, c.prop, e.target.value)}
          />
        );
        break;
      case 'checkbox':
        control = (
          <Checkbox.Group
            disabled={p.disabled}
            options={c.options}
            value={(v as any[]) ?? []}
            onChange={(x) => setCell(i, c.prop, x)}
          />
        );
        break;
      case 'switch':
        control = (
          <Switch aria-label={aria} disabled={p.disabled} checked={!!v} onChange={(x) => setCell(i, c.prop, x)} />
        );
        break;
      case 'date':
        control = (
          <DatePicker
            {...common}
            showTime
            style={{ width: '100%' }}
            value={v ? dayjs(String(v)) : null}
            onChange={(d) => setCell(i, c.prop, d ? d.format(DATE_FORMAT) : null)}
          />
        );
        break;
      case 'calculate':
        control = c.tag ? <Tag>{String(v ?? 0)}</Tag> : <Input aria-label={aria} readOnly value={String(v ?? 0)} />;
        break;
      default:
        control = (
          <Input {...common} value={(v as string) ?? ''} onChange={(e) => setCell(i, c.prop, e.target.value)} />
        );
    }
    return (
      <div>
        {control}
        {bad && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('widget.inputTable.required')}
          </Typography.Text>
        )}
      </div>
    );
  };

  const addButton = !p.disabled && (
    <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }}>
      {t('widget.inputTable.add')}
    </Button>
  );

  if (p.card) {
    return (
      <div id={p.id} data-testid="input-table">
        {rows.map((r, i) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; the index is their place
            key={i}
            size="small"
            style={{ marginBottom: 8 }}
            title={t('widget.inputTable.row', { n: i + 1 })}
            extra={
              !p.disabled && (
                <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(i)}>
                  {t('widget.inputTable.remove')}
                </Button>
              )
            }
          >
            <Row gutter={12}>
              {p.columns.map((c) => (
                <Col key={c.prop} span={c.span ?? 12}>
                  <div style={{ marginBottom: 4 }}>
                    {c.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                    {label(c)}
                  </div>
                  {cell(c, r, i)}
                </Col>
              ))}
            </Row>
          </Card>
        ))}
        {hasSummary && rows.length > 0 && (
          <Card size="small" data-testid="input-table-summary">
            <Typography.Text strong>{t('widget.inputTable.sum')}</Typography.Text>{' '}
            {p.columns
              .filter((c) => c.prop in sums)
              .map((c) => `${label(c)}: ${sums[c.prop]}`)
              .join('  ')}
          </Card>
        )}
        {addButton}
      </div>
    );
  }

  return (
    <div id={p.id} data-testid="input-table">
      <Table<RowValue & { __i: number }>
        size="small"
        bordered
        pagination={false}
        rowKey="__i"
        dataSource={rows.map((r, i) => ({ ...r, __i: i }))}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('widget.inputTable.index'),
            key: '__seq',
            width: 60,
            align: 'center',
            render: (_v, r) => r.__i + 1,
          },
          ...p.columns.map((c) => ({
            key: c.prop,
            width: c.columnWidth,
            title: (
              <span>
                {c.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                {label(c)}
              </span>
            ),
            render: (_v: unknown, r: RowValue & { __i: number }) => cell(c, r, r.__i),
          })),
          ...(!p.disabled
            ? [
                {
                  title: t('widget.inputTable.actions'),
                  key: '__actions',
                  width: 80,
                  render: (_v: unknown, r: RowValue & { __i: number }) => (
                    <Button type="link" danger size="small" onClick={() => remove(r.__i)}>
                      {t('widget.inputTable.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        summary={
          hasSummary && rows.length > 0
            ? () => (
                <Table.Summary.Row data-testid="input-table-summary">
                  <Table.Summary.Cell index={0}>{t('widget.inputTable.sum')}</Table.Summary.Cell>
                  {p.columns.map((c, k) => (
                    <Table.Summary.Cell index={k + 1} key={c.prop}>
                      {c.prop in sums ? sums[c.prop] : ''}
                    </Table.Summary.Cell>
                  ))}
                  {!p.disabled && <Table.Summary.Cell index={p.columns.length + 1} />}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
      {addButton}
    </div>
  );
});
