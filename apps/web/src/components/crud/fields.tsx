/**
 * Form controls, cell texts and wire ↔ form conversions of the column schema.
 */
import {
  Checkbox,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Query, Row } from '../../api/crud';
import { http, onWrite } from '../../api/http';
import type { DictItem } from '../../api/system';
import { queryClient } from '../../lib/queryClient';
import { flattenTree } from '../../lib/tree';
import { AmountInput } from '../widgets/AmountInput';
import { CalcField } from '../widgets/CalcField';
import type { CrudColumn, FieldContext, FieldType, Option } from './types';

export const DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const DATE = 'YYYY-MM-DD';

const wireFormat = (c: CrudColumn) => c.format ?? (c.type === 'date' ? DATE : DATETIME);

/**
 * How long a dictionary read is reused: every list with a dictionary column used to ask for it on each open (issue 24
 * item 10). Any write to a dictionary (a URL with `dict`) drops them, and so does the tab bar's "clear cache".
 */
export const DICT_STALE_MS = 5 * 60_000;

/** Forgets every dictionary read (tests, and after a dictionary write). */
export function clearDictCache() {
  queryClient.removeQueries({ queryKey: ['dict'] });
}
onWrite((url) => {
  if (/dict/i.test(url)) clearDictCache();
});

/** A dictionary's entries as options (`dict` or `dict-biz` family), shared by every screen for a few minutes. */
export async function loadDict(code: string, source: 'dict' | 'dict-biz' = 'dict', numeric = false): Promise<Option[]> {
  const items = await queryClient.fetchQuery({
    queryKey: ['dict', source, code],
    queryFn: () => http.get<DictItem[]>(`/api/blade-system/${source}/dictionary`, { code }, { silent: true }),
    staleTime: DICT_STALE_MS,
  });
  return dictOptions(items, numeric);
}

/** A column's dictionary options when the cache holds a fresh read (no request, no wait). */
function cachedDict(c: CrudColumn): Option[] | undefined {
  if (!c.dict || typeof c.options === 'function') return undefined;
  const key = ['dict', c.dictSource ?? 'dict', c.dict];
  const state = queryClient.getQueryState<DictItem[]>(key);
  if (!state?.data || Date.now() - state.dataUpdatedAt > DICT_STALE_MS) return undefined;
  return dictOptions(state.data, c.numeric);
}

const dictOptions = (items: DictItem[] | null | undefined, numeric: boolean | undefined): Option[] =>
  (items ?? []).map((d) => ({ label: d.dictValue, value: numeric ? Number(d.dictKey) : d.dictKey }));

/**
 * The options of every column that has some (static, loaded, or from a dictionary), by prop.
 *
 * Dictionaries already read in the last few minutes are there from the first render (the table draws its labels
 * at once, with no second render when a cached read resolves); the others are set in one update when they have all
 * come.
 */
export function useColumnOptions<T extends Row>(columns: CrudColumn<T>[]): Record<string, Option[]> {
  return useColumnOptionsState(columns).options;
}

/** `useColumnOptions` and whether some loaded options have not come yet (`pending`). */
export function useColumnOptionsState<T extends Row>(
  columns: CrudColumn<T>[],
): { options: Record<string, Option[]>; pending: boolean } {
  const cols = useRef(columns);
  cols.current = columns;
  const signature = columns
    .filter((c) => typeof c.options === 'function' || c.dict)
    .map((c) => `${c.prop}:${c.dict ?? ''}:${c.dictSource ?? ''}`)
    .join('|');
  // what the cache already holds for this signature: read while rendering, so the first render has the labels
  const [loaded, setLoaded] = useState<{ signature: string; options: Record<string, Option[]>; done: boolean }>(() =>
    fromCache(columns, signature),
  );
  // dictionaries not in the cache are asked for while the screen renders (with its list), not after it is on
  // screen; the effect below joins the reads in flight (the query cache keeps one request per dictionary)
  useState(() => {
    for (const c of columns)
      if (c.dict && typeof c.options !== 'function' && !(c.prop in loaded.options))
        void loadDict(c.dict, c.dictSource).catch(() => {});
  });
  if (loaded.signature !== signature) {
    // other option columns: what the cache holds now, the previous labels shown until the rest has come
    const next = fromCache(columns, signature);
    setLoaded({ signature, options: { ...loaded.options, ...next.options }, done: next.done });
  }
  useEffect(() => {
    let live = true;
    const have = fromCache(cols.current, signature).options;
    const loads: Promise<readonly [string, Option[]] | undefined>[] = [];
    for (const c of cols.current) {
      if (c.prop in have) continue;
      const load =
        typeof c.options === 'function'
          ? c.options
          : c.dict
            ? () => loadDict(c.dict!, c.dictSource, c.numeric)
            : undefined;
      if (!load) continue;
      loads.push(
        load().then(
          (opts) => [c.prop, opts] as const,
          () => undefined,
        ),
      );
    }
    if (!loads.length) {
      setLoaded((cur) => (cur.done && cur.signature === signature ? cur : { signature, options: have, done: true }));
      return;
    }
    // one update for all of them (each used to render the whole table again as its options came)
    void Promise.all(loads).then((pairs) => {
      if (!live) return;
      const got = Object.fromEntries(pairs.filter((x) => !!x));
      setLoaded({ signature, options: { ...have, ...got }, done: true });
    });
    return () => {
      live = false;
    };
  }, [signature]);
  return useMemo(() => {
    const out: Record<string, Option[]> = { ...loaded.options };
    for (const c of columns) if (Array.isArray(c.options)) out[c.prop] = c.options;
    return { options: out, pending: !loaded.done };
  }, [columns, loaded]);
}

function fromCache(columns: CrudColumn<any>[], signature: string) {
  const options: Record<string, Option[]> = {};
  let done = true;
  for (const c of columns) {
    if (typeof c.options === 'function') {
      done = false;
      continue;
    }
    if (!c.dict) continue;
    const cached = cachedDict(c);
    if (cached) options[c.prop] = cached;
    else done = false;
  }
  return { signature, options, done };
}

/** Every option of a tree, flattened. */
export function flattenOptions(options: Option[]): Option[] {
  return flattenTree(options);
}

const indexes = new WeakMap<Option[], Map<string, Option>>();
/**
 * Options by value (as text; the first of equal values wins, as a search of the flattened tree would), built once
 * per options list: a cell used to flatten the whole tree and search it for each value it showed.
 */
function optionIndex(options: Option[]): Map<string, Option> {
  let m = indexes.get(options);
  if (!m) {
    m = new Map();
    for (const o of flattenOptions(options)) if (!m.has(String(o.value))) m.set(String(o.value), o);
    indexes.set(options, m);
  }
  return m;
}

/** The text of a value in a cell (option labels, yes/no, dates as sent). */
export function cellText(
  c: CrudColumn,
  value: unknown,
  options: Option[] | undefined,
  t: (k: string) => string,
): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  const type = c.type ?? 'input';
  if (options?.length) {
    const byValue = optionIndex(options);
    const label = (v: unknown) => {
      const o = byValue.get(String(v));
      return o ? (typeof o.label === 'string' ? t(o.label) : o.label) : v;
    };
    // one value (most cells): the label itself, no list
    if (!Array.isArray(value) && !c.multiple && !c.joined) return label(value) as ReactNode;
    const values = Array.isArray(value) ? value : String(value).split(',');
    return values.map(label).flatMap((x, i) => (i ? [', ', x] : [x])) as ReactNode;
  }
  if (type === 'switch') return isOn(value) ? t('crud.yes') : t('crud.no');
  if (type === 'password') return '******';
  if (type === 'amount' || type === 'calc') {
    const n = Number(value);
    return Number.isFinite(n) ? n.toFixed(c.precision ?? 2) : String(value);
  }
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const isOn = (v: unknown) => v === true || v === 1 || v === '1';

/** Wire value → form value. */
export function toFormValue(c: CrudColumn, v: unknown): unknown {
  const type = c.type ?? 'input';
  if (v === null || v === undefined) return type === 'switch' ? false : undefined;
  if (type === 'date' || type === 'datetime') {
    const d = dayjs(String(v));
    return d.isValid() ? d : undefined;
  }
  if (type === 'switch') return isOn(v);
  if (type === 'amount' || type === 'calc') {
    // numeric columns may travel as strings ("2.30")
    if (typeof v === 'string') return v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
    return v;
  }
  if ((c.multiple || c.joined) && typeof v === 'string') {
    const parts = v.split(',').filter(Boolean);
    return c.numeric ? parts.map(Number) : parts;
  }
  if ((c.multiple || c.joined) && typeof v === 'number') return [v];
  return v;
}

/** Form value → wire value. */
export function fromFormValue(c: CrudColumn, v: unknown): unknown {
  const type = c.type ?? 'input';
  if (v === undefined) return undefined;
  if (type === 'date' || type === 'datetime') return v ? (v as Dayjs).format(wireFormat(c)) : null;
  if (type === 'switch') return c.numeric === false ? !!v : v ? 1 : 0;
  if (c.joined && Array.isArray(v)) return v.join(',');
  return v;
}

/**
 * The search values → query: empty values dropped; a date range on `prop` becomes `<prop>_dategt` and
 * `<prop>_datelt`; strings trimmed.
 */
export function searchQuery(columns: CrudColumn[], values: Record<string, unknown>): Query {
  const q: Query = {};
  for (const c of columns) {
    if (!c.search) continue;
    const v = values[c.prop];
    const key = c.searchProp ?? c.prop;
    const type = c.searchType ?? c.type ?? 'input';
    if (type === 'daterange') {
      const [a, b] = Array.isArray(v) ? (v as (Dayjs | null)[]) : [];
      if (a) q[`${key}_dategt`] = a.format(DATETIME);
      if (b) q[`${key}_datelt`] = b.format(DATETIME);
      continue;
    }
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      if (v.trim() === '') continue;
      q[key] = v.trim();
      continue;
    }
    if (Array.isArray(v)) {
      if (!v.length) continue;
      q[key] = v.join(',');
      continue;
    }
    if (dayjs.isDayjs(v)) {
      q[key] = v.format(c.type === 'date' ? DATE : DATETIME);
      continue;
    }
    q[key] = v;
  }
  return q;
}

function treeData(options: Option[], leafOnly: boolean | undefined, t: (k: string) => string): any[] {
  return options.map((o) => {
    const children = o.children?.length ? treeData(o.children, leafOnly, t) : undefined;
    return {
      title: typeof o.label === 'string' ? t(o.label) : o.label,
      value: o.value,
      key: o.value,
      disabled: o.disabled,
      // in last-level mode only leaves may be chosen
      selectable: leafOnly ? !children : undefined,
      disableCheckbox: leafOnly ? !!children : undefined,
      children,
    };
  });
}

interface ControlProps {
  column: CrudColumn;
  options?: Option[];
  ctx: FieldContext;
  /** search controls are never required and allow clearing */
  search?: boolean;
  value?: any;
  onChange?: (v: any) => void;
  id?: string;
}

/**
 * A `calc` column's formula for `CalcField`: `{field}` references stay, bare field names (`basePrice + 1`) become
 * references.
 */
export function calcFormula(formula: string): string {
  return formula.replace(/\{[^}]*\}|[A-Za-z_$][\w$.]*/g, (m) => (m.startsWith('{') ? m : `{${m}}`));
}

/** `CalcField` over the dialog's form: recomputes as the fields it reads change and keeps its value in the form. */
function CalcControl({
  column: c,
  form,
  id,
  onChange,
}: {
  column: CrudColumn;
  form?: FormInstance;
  id?: string;
  onChange?: (v: number) => void;
}) {
  const values = (Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true }) ?? {}) as Record<
    string,
    unknown
  >;
  const formula = useMemo(() => calcFormula(c.formula ?? ''), [c.formula]);
  return (
    <CalcField
      id={id}
      formula={formula}
      values={values}
      precision={c.precision ?? 2}
      chinese={c.chinese}
      onChange={onChange}
    />
  );
}

/** The control of a column (inside a Form.Item, which passes value and onChange). */
export function FieldControl({ column: c, options, ctx, search, value, onChange, id }: ControlProps) {
  const { t } = useTranslation();
  const label = t(c.label);
  const type: FieldType = search ? (c.searchType ?? c.type ?? 'input') : (c.type ?? 'input');
  const disabled = ctx.disabled;
  const ph = c.placeholder ? t(c.placeholder) : undefined;
  const inputPh = ph ?? t('crud.pleaseInput', { label });
  const selectPh = ph ?? t('crud.pleaseSelect', { label });
  if (c.component && !search) {
    // the custom control gets the Form.Item's value and onChange
    const el = c.component({ ...ctx });
    return isValidElement(el) ? cloneElement(el as ReactElement<any>, { id, value, onChange }) : el;
  }
  const opts = (options ?? []).map((o) => ({ ...o, label: typeof o.label === 'string' ? t(o.label) : o.label }));
  const common = { id, value, onChange, disabled };
  switch (type) {
    case 'textarea':
      return search ? (
        <Input {...common} placeholder={inputPh} allowClear />
      ) : (
        <Input.TextArea {...common} rows={c.rows ?? 3} placeholder={inputPh} />
      );
    case 'password':
      return <Input.Password {...common} placeholder={inputPh} autoComplete="new-password" />;
    case 'number':
      return (
        <InputNumber
          {...common}
          min={c.min}
          max={c.max}
          precision={c.precision}
          placeholder={inputPh}
          style={{ width: '100%' }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          options={opts as any}
          mode={c.multiple && !search ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={selectPh}
        />
      );
    case 'radio':
      return search ? (
        <Select {...common} options={opts as any} allowClear placeholder={selectPh} />
      ) : (
        <Radio.Group {...common} options={opts as any} onChange={(e) => onChange?.(e.target.value)} />
      );
    case 'checkbox':
      return <Checkbox.Group {...common} options={opts as any} />;
    case 'switch':
      return search ? (
        <Select
          {...common}
          allowClear
          placeholder={selectPh}
          options={[
            { label: t('crud.yes'), value: 1 },
            { label: t('crud.no'), value: 0 },
          ]}
        />
      ) : (
        <Switch id={id} checked={!!value} onChange={onChange} disabled={disabled} />
      );
    case 'amount':
      return search ? (
        <InputNumber {...common} min={0} precision={c.precision ?? 2} placeholder={inputPh} style={{ width: '100%' }} />
      ) : (
        <AmountInput id={id} value={value} onChange={onChange} precision={c.precision ?? 2} disabled={disabled} />
      );
    case 'calc':
      return search ? (
        <InputNumber {...common} precision={c.precision ?? 2} placeholder={inputPh} style={{ width: '100%' }} />
      ) : (
        <CalcControl column={c} form={ctx.form} id={id} onChange={onChange} />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          showTime={type === 'datetime'}
          format={type === 'date' ? DATE : DATETIME}
          placeholder={selectPh}
          style={{ width: '100%' }}
        />
      );
    case 'daterange':
      return (
        <DatePicker.RangePicker
          {...common}
          showTime
          format={DATETIME}
          placeholder={[t('crud.startTime'), t('crud.endTime')]}
          style={{ width: '100%' }}
        />
      );
    case 'tree':
      return (
        <TreeSelect
          {...common}
          treeData={treeData(options ?? [], c.leafOnly, t)}
          multiple={!!c.multiple && !search}
          treeCheckable={!!c.multiple && !search}
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={selectPh}
          style={{ width: '100%' }}
          styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
        />
      );
    default:
      return <Input {...common} placeholder={inputPh} allowClear={!!search} />;
  }
}
