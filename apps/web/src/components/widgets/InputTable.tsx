/**
 * Input table (dynamic form table), spec 1 §2.12: add and delete rows, a sequence column, a summary row 合计
 * for amount, number-input and slider columns, a card-layout variant, and 不能为空 under required cells left
 * empty (shown once the table has been validated or the cell touched).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputTableCell } from './inputTableCell';
import { InputTableCards, InputTableGrid } from './inputTableLayouts';
import {
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
  const cell = (c: InputTableColumn, r: RowValue, i: number) => {
    const key = `${i}:${c.prop}`;
    return (
      <InputTableCell
        column={c}
        value={r[c.prop]}
        index={i}
        bad={errors.has(key) && (showAll || touched.has(key))}
        disabled={p.disabled}
        onChange={(v) => setCell(i, c.prop, v)}
      />
    );
  };
  const layout = {
    columns: p.columns,
    rows,
    disabled: p.disabled,
    sums: hasSummary ? summaryOf(p.columns, rows) : null,
    cell,
    remove,
  };

  return (
    <div id={p.id} data-testid="input-table">
      {p.card ? <InputTableCards {...layout} /> : <InputTableGrid {...layout} />}
      {!p.disabled && (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }}>
          {t('widget.inputTable.add')}
        </Button>
      )}
    </div>
  );
});
