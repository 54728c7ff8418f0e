/**
 * One cell of the input table: the control for its column's kind (text, number, slider, choices, switch, date,
 * calculated) and 不能为空 under it when a required cell is left empty.
 */
import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Slider, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, type InputTableColumn } from './inputTableRules';

interface ControlArgs {
  c: InputTableColumn;
  v: unknown;
  aria: string;
  disabled?: boolean;
  bad: boolean;
  set: (v: unknown) => void;
}

/** The choice controls: select, radio, checkbox and switch (undefined for the other kinds). */
function choiceControl({ c, v, aria, disabled, bad, set }: ControlArgs): ReactNode | undefined {
  switch (c.jnpfKey) {
    case 'select':
      return (
        <Select
          aria-label={aria}
          disabled={disabled}
          status={bad ? 'error' : undefined}
          style={{ width: '100%' }}
          allowClear
          options={c.options}
          value={v as any}
          onChange={set}
        />
      );
    case 'radio':
      return <Radio.Group disabled={disabled} options={c.options} value={v} onChange={(e) => set(e.target.value)} />;
    case 'checkbox':
      return <Checkbox.Group disabled={disabled} options={c.options} value={(v as any[]) ?? []} onChange={set} />;
    case 'switch':
      return <Switch aria-label={aria} disabled={disabled} checked={!!v} onChange={set} />;
  }
  return undefined;
}

function control(a: ControlArgs): ReactNode {
  const { c, v, aria, disabled, bad, set } = a;
  const common = { 'aria-label': aria, disabled, status: bad ? ('error' as const) : undefined };
  switch (c.jnpfKey) {
    case 'textarea':
      return <Input.TextArea {...common} rows={2} value={v as string} onChange={(e) => set(e.target.value)} />;
    case 'numInput':
    case 'amount':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          min={c.min}
          max={c.max}
          precision={c.jnpfKey === 'amount' ? (c.precision ?? 2) : c.precision}
          value={v as number}
          onChange={set}
        />
      );
    case 'slider':
      return (
        <Slider
          aria-label={aria}
          disabled={disabled}
          min={c.min ?? 0}
          max={c.max ?? 100}
          value={(v as number) ?? 0}
          onChange={set}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          showTime
          style={{ width: '100%' }}
          value={v ? dayjs(String(v)) : null}
          onChange={(d) => set(d ? d.format(DATE_FORMAT) : null)}
        />
      );
    case 'calculate':
      return c.tag ? <Tag>{String(v ?? 0)}</Tag> : <Input aria-label={aria} readOnly value={String(v ?? 0)} />;
  }
  return choiceControl(a) ?? <Input {...common} value={(v as string) ?? ''} onChange={(e) => set(e.target.value)} />;
}

interface CellProps {
  column: InputTableColumn;
  value: unknown;
  /** the row's place, 0-based */
  index: number;
  /** a required cell left empty, shown */
  bad: boolean;
  disabled?: boolean;
  onChange: (v: unknown) => void;
}

export function InputTableCell({ column, value, index, bad, disabled, onChange }: CellProps) {
  const { t } = useTranslation();
  const aria = `${t(column.label)} ${t('widget.inputTable.row', { n: index + 1 })}`;
  return (
    <div>
      {control({ c: column, v: value, aria, disabled, bad, set: onChange })}
      {bad && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('widget.inputTable.required')}
        </Typography.Text>
      )}
    </div>
  );
}
