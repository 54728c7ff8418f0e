/**
 * The control of each value key. Every control reads and writes the wire value (what is stored in the record):
 * dates as formatted text, uploads as `{ name, fileId, url }[]`, pickers as ids, sub-tables as rows. The shared
 * widgets do the work; this file only adapts the schema's options to them.
 */
import type { LcField } from '@swp/contract';
import { Cascader, Checkbox, DatePicker, Input, Radio, Select, TimePicker, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryDataApi } from '../../api/jnpf';
import { dataInterfaceApi, onlineDevApi } from '../../api/lowcode';
import { CalcField, FileUpload, ImageUpload, InputTable, type InputTableColumn, PopupSelect } from '../widgets';
import type { InputTableKey } from '../widgets/inputTableRules';
import { inputControl, pickerControl } from './inputControls';
import {
  dayjsFormat,
  expressionTokens,
  type FormValues,
  isMultiple,
  keyOf,
  roundTo,
  staticOptions,
  tableColumns,
} from './schema';

export interface ControlProps {
  field: LcField;
  value?: any;
  onChange?: (v: any) => void;
  disabled?: boolean;
  id?: string;
  /** the record's values (calculated fields read them) */
  values?: FormValues;
}

/** What a field's control is bound by: the id, value and onChange Form.Item gives it, and whether it is disabled. */
export type Bound = Pick<ControlProps, 'id' | 'value' | 'onChange' | 'disabled'>;

type Opt = { label: string; value: string | number; children?: Opt[] };

/** Options of a choice field: static, a JNPF dictionary type, or a data interface's rows. */
export function useFieldOptions(f: LcField): Opt[] {
  const dataType = f.__config__.dataType ?? 'static';
  const dict = f.__config__.dictionaryType;
  const url = f.__config__.propsUrl;
  const labelKey = f.props?.label ?? 'fullName';
  const valueKey = f.props?.value ?? 'id';
  const statics = useMemo(() => staticOptions(f), [f]);
  const [loaded, setLoaded] = useState<Opt[]>([]);
  useEffect(() => {
    let live = true;
    const conv = (list: Record<string, unknown>[]): Opt[] =>
      list.map((o) => ({
        label: String(o[labelKey] ?? o.fullName ?? o.label ?? o.id),
        value: (o[valueKey] ?? o.id ?? o.value) as string,
        children: Array.isArray(o.children) && o.children.length ? conv(o.children as any) : undefined,
      }));
    if (dataType === 'dictionary' && dict)
      dictionaryDataApi
        .selector(dict, f.__config__.jnpfKey === 'treeSelect' || f.__config__.jnpfKey === 'cascader')
        .then((r) => live && setLoaded(conv((r?.list ?? []) as any)))
        .catch(() => {});
    else if (dataType === 'dynamic' && url)
      dataInterfaceApi
        .rows(url)
        .then((rows) => live && setLoaded(conv(rows)))
        .catch(() => {});
    return () => {
      live = false;
    };
  }, [dataType, dict, url, labelKey, valueKey, f.__config__.jnpfKey]);
  return dataType === 'static' ? statics : loaded;
}

/** A sub-table column as an input-table column (the widget's keys are the Vue 2 generation's). */
const TABLE_KEYS: Record<string, InputTableKey> = {
  input: 'comInput',
  textarea: 'textarea',
  inputNumber: 'numInput',
  slider: 'slider',
  select: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  switch: 'switch',
  datePicker: 'date',
  calculate: 'calculate',
};

export function inputTableColumns(table: LcField): InputTableColumn[] {
  const prefix = `${table.__vModel__}.`;
  return tableColumns(table).map((c) => {
    const key = keyOf(c);
    const tokens = key === 'calculate' ? expressionTokens(c) : undefined;
    return {
      prop: c.__vModel__!,
      jnpfKey: TABLE_KEYS[key] ?? 'comInput',
      label: c.__config__.label ?? c.__vModel__!,
      required: !!c.__config__.required,
      defaultValue: c.__config__.defaultValue,
      options: staticOptions(c),
      columnWidth: c.__config__.columnWidth,
      min: c.min,
      max: c.max,
      precision: c.precision,
      // a row formula refers to `table.field` or to `field`: both read the row's own cell
      formula: tokens?.map((t) =>
        typeof t === 'object' && t.field.startsWith(prefix) ? { field: t.field.slice(prefix.length) } : t,
      ),
    };
  });
}

function SubTable({ field: f, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => inputTableColumns(f), [f]);
  const rows = (Array.isArray(value) ? value : []) as FormValues[];
  const chosen = f.__config__.summaryField ?? [];
  const show = !!f.__config__.showSummary;
  // with an explicit list of summed columns the widget's own row (every number column) is replaced by ours
  const own = show && chosen.length > 0;
  const sums = useMemo(() => {
    if (!own) return {};
    const out: Record<string, number> = {};
    for (const k of chosen) {
      let s = 0;
      for (const r of rows) {
        const n = Number(r[k]);
        if (r[k] !== null && r[k] !== '' && Number.isFinite(n)) s += n;
      }
      out[k] = Number.parseFloat(s.toPrecision(15));
    }
    return out;
  }, [own, chosen, rows]);
  return (
    <div data-testid={`form-table-${f.__vModel__}`}>
      <InputTable
        id={id}
        columns={columns}
        value={rows}
        onChange={onChange}
        disabled={disabled}
        summary={show && !own}
      />
      {own && rows.length > 0 && (
        <div data-testid="form-table-summary" style={{ padding: '6px 8px' }}>
          <Typography.Text strong>{t('widget.inputTable.sum')}</Typography.Text>{' '}
          {columns
            .filter((c) => c.prop in sums)
            .map((c) => `${c.label}: ${sums[c.prop]}`)
            .join('  ')}
        </div>
      )}
    </div>
  );
}

function DateControl({ field: f, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const fmt = dayjsFormat(f);
  const time = keyOf(f) === 'timePicker';
  const parsed = value === undefined || value === null || value === '' ? null : time ? dayjs(value, fmt) : dayjs(value);
  const common = {
    id,
    disabled,
    format: fmt,
    style: { width: '100%' },
    placeholder: f.placeholder ?? t('formRender.choose'),
    value: parsed?.isValid() ? parsed : null,
    onChange: (d: dayjs.Dayjs | null) => onChange?.(d ? d.format(fmt) : null),
  };
  return time ? <TimePicker {...common} /> : <DatePicker {...common} showTime={/H/.test(fmt)} />;
}

function ChoiceControl({ field: f, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const options = useFieldOptions(f);
  const key = keyOf(f);
  const ph = f.placeholder ?? t('formRender.choose');
  switch (key) {
    case 'radio':
      return (
        <Radio.Group
          id={id}
          disabled={disabled}
          options={options}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'checkbox':
      return <Checkbox.Group disabled={disabled} options={options} value={value ?? []} onChange={onChange} />;
    case 'cascader':
      return (
        <Cascader
          id={id}
          disabled={disabled}
          options={options as any}
          value={value ?? []}
          onChange={(v) => onChange?.(v ?? [])}
          placeholder={ph}
          style={{ width: '100%' }}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          id={id}
          disabled={disabled}
          treeData={options.map(function tree(o): any {
            return { title: o.label, value: o.value, children: o.children?.map(tree) };
          })}
          multiple={isMultiple(f)}
          value={value}
          onChange={onChange}
          allowClear
          treeDefaultExpandAll
          placeholder={ph}
          style={{ width: '100%' }}
        />
      );
    default:
      return (
        <Select
          id={id}
          disabled={disabled}
          options={options}
          mode={isMultiple(f) ? 'multiple' : undefined}
          value={value}
          onChange={onChange}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={ph}
          style={{ width: '100%' }}
        />
      );
  }
}

/** Rows of another online module, shown by one of its fields; the value is the chosen record's id. */
function RelationForm({ field: f, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const shown = f.relationField ?? 'id';
  const [text, setText] = useState<string | undefined>();
  useEffect(() => {
    if (!value || !f.modelId) return setText(undefined);
    let live = true;
    onlineDevApi
      .get(f.modelId, String(value))
      .then((r) => live && setText(r ? String((r as FormValues)[shown] ?? value) : String(value)))
      .catch(() => live && setText(String(value)));
    return () => {
      live = false;
    };
  }, [value, f.modelId, shown]);
  return (
    <PopupSelect
      id={id}
      value={value}
      disabled={disabled || !f.modelId}
      displayText={text}
      title={f.__config__.label}
      columns={[{ title: f.__config__.label ?? shown, dataIndex: 'label' }]}
      onChange={(v, row) => {
        setText(row?.label);
        onChange?.(v);
      }}
      placeholder={f.placeholder ?? t('formRender.choose')}
      load={async ({ keyword, current, size }) => {
        const page = await onlineDevApi.list(f.modelId!, { keyword, currentPage: current, pageSize: size });
        return {
          total: page.pagination?.total ?? page.list.length,
          records: page.list.map((r) => ({ ...r, value: String(r.id), label: String(r[shown] ?? r.id) })),
        };
      }}
    />
  );
}

/** Rows of a data interface (its preview), filtered by keyword and paged here. */
function PopupControl({ field: f, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation();
  const valueKey = f.propsValue ?? f.props?.value ?? 'id';
  const labelKey = f.relationField ?? f.props?.label ?? 'fullName';
  return (
    <PopupSelect
      id={id}
      value={value}
      disabled={disabled || !f.interfaceId}
      title={f.__config__.label}
      placeholder={f.placeholder ?? t('formRender.choose')}
      onChange={(v) => onChange?.(v)}
      load={async ({ keyword, current, size }) => {
        const rows = await dataInterfaceApi.rows(f.interfaceId!);
        const all = rows
          .map((r) => ({ ...r, value: String(r[valueKey] ?? ''), label: String(r[labelKey] ?? r[valueKey] ?? '') }))
          .filter((r) => !keyword || r.label.includes(keyword) || r.value.includes(keyword));
        return { total: all.length, records: all.slice((current - 1) * size, current * size) };
      }}
    />
  );
}

function CalcControl({ field: f, values, onChange, id }: ControlProps) {
  const tokens = useMemo(() => expressionTokens(f), [f]);
  return (
    <CalcField
      id={id}
      formula={tokens}
      values={values ?? {}}
      precision={f.precision ?? undefined}
      chinese={!!f.isAmountChinese}
      onChange={(v) => onChange?.(roundTo(v, f.precision ?? undefined))}
    />
  );
}
/** The control of a value field. */
export function FieldControl(p: ControlProps): ReactNode {
  const { t } = useTranslation();
  const { field: f, value, onChange, id } = p;
  const disabled = p.disabled || !!f.disabled;
  const bound: Bound = { id, value, onChange, disabled };
  const key = keyOf(f);
  const own = inputControl(key, f, bound, t) ?? pickerControl(key, f, bound, t);
  if (own !== undefined) return own;
  switch (key) {
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'cascader':
    case 'treeSelect':
      return <ChoiceControl {...p} disabled={disabled} />;
    case 'datePicker':
    case 'timePicker':
      return <DateControl {...p} disabled={disabled} />;
    case 'uploadFile':
    case 'uploadImg': {
      const Upload = key === 'uploadImg' ? ImageUpload : FileUpload;
      return (
        <Upload
          {...bound}
          limit={f.limit ?? undefined}
          fileSize={f.fileSize ?? undefined}
          sizeUnit={f.sizeUnit ?? undefined}
          accept={f.accept || undefined}
        />
      );
    }
    case 'relationForm':
      return <RelationForm {...p} disabled={disabled} />;
    case 'popupSelect':
      return <PopupControl {...p} disabled={disabled} />;
    case 'billRule':
      return (
        <Input
          id={id}
          value={value ?? ''}
          readOnly
          disabled={disabled}
          placeholder={t('formRender.systemGenerated')}
          data-rule={f.rule}
        />
      );
    case 'calculate':
      return <CalcControl {...p} />;
    case 'table':
      return <SubTable {...p} disabled={disabled} />;
    case 'createUser':
    case 'createTime':
    case 'modifyUser':
    case 'modifyTime':
    case 'currOrganize':
    case 'currPosition':
      return <Input id={id} value={value ?? ''} readOnly placeholder={t('formRender.systemGenerated')} />;
    default:
      return <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />;
  }
}
