/**
 * Field rules of the low-code form schema (`lowcode.ts`), shared by the server (which enforces them on every write
 * and import: the browser is not trusted) and the renderer (which shows the same messages before sending).
 * `normalizeForm` accepts a stored form (object, JSON text or a bare `fields[]`) and aliases older key names;
 * `dataFields` flattens layout containers; `checkRecord` lists every problem of a record: required, lengths,
 * patterns (`regList`), number ranges and precision, options of static choices, dates, times, colours, upload
 * limits, organisation `ableIds`, and each row of a sub-table. No dependencies.
 */
import {
  LC_KEYS,
  type LcField,
  type LcFieldConfig,
  type LcFormConf,
  type LcOption,
  normaliseJnpfKey,
} from './lowcode.ts';

/** Layout keys that hold other fields (`__config__.children`) and no value of their own. */
export const LC_CONTAINER_KEYS: readonly string[] = ['row', 'card', 'tab', 'collapse', 'tabItem', 'collapseItem'];
/** Keys that never hold a value. */
export const LC_DISPLAY_KEYS: readonly string[] = ['text', 'divider', 'groupTitle'];
const SYSTEM_KEYS: readonly string[] = LC_KEYS.system;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Aliases older key names (recursively through layout children and sub-tables); leaves everything else as is. */
export function normalizeField(f: LcField): LcField {
  const cfg = { ...(f.__config__ ?? ({} as LcFieldConfig)) };
  const raw = String(cfg.jnpfKey ?? cfg.tag ?? '');
  cfg.jnpfKey = normaliseJnpfKey(raw);
  if (Array.isArray(cfg.children)) cfg.children = cfg.children.map(normalizeField);
  const out: LcField = { ...f, __config__: cfg };
  if (!out.options && Array.isArray(f.__slot__?.options)) out.options = f.__slot__!.options;
  return out;
}

/** A form in the stored shape: a bare `fields[]` array or a string is accepted too. */
export function normalizeForm(raw: unknown): LcFormConf {
  let v = raw;
  if (typeof v === 'string') v = v.trim() ? JSON.parse(v) : {};
  if (Array.isArray(v)) v = { fields: v };
  if (!isObj(v)) return { fields: [] };
  const fields = Array.isArray(v.fields) ? (v.fields as LcField[]).map(normalizeField) : [];
  return { ...(v as LcFormConf), fields };
}

export interface DataField {
  /** the record key */
  vModel: string;
  key: string;
  label: string;
  field: LcField;
  /** sub-table columns (for `table`) */
  children?: DataField[];
}

/** The fields that hold a value, in form order, layout containers flattened; sub-tables keep their columns. */
export function dataFields(form: Pick<LcFormConf, 'fields'>): DataField[] {
  const out: DataField[] = [];
  const walk = (fields: LcField[]) => {
    for (const f of fields ?? []) {
      const cfg = f.__config__ ?? ({} as LcFieldConfig);
      const key = cfg.jnpfKey;
      if (key === 'table') {
        if (f.__vModel__) {
          out.push({
            vModel: f.__vModel__,
            key,
            label: cfg.label ?? f.__vModel__,
            field: f,
            children: dataFields({ fields: cfg.children ?? [] }),
          });
        }
        continue;
      }
      if (LC_CONTAINER_KEYS.includes(key)) {
        walk(cfg.children ?? []);
        continue;
      }
      if (LC_DISPLAY_KEYS.includes(key) || !f.__vModel__) continue;
      out.push({ vModel: f.__vModel__, key, label: cfg.label ?? f.__vModel__, field: f });
    }
  };
  walk(form.fields);
  return out;
}

export interface RuleError {
  /** record key; sub-table cells are `table[row].field` (row from 1) */
  field: string;
  label: string;
  message: string;
}

const CHOICE_REQUIRED = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
  'datePicker',
  'timePicker',
  'organizeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'areaSelect',
  'relationForm',
  'popupSelect',
  'uploadFile',
  'uploadImg',
]);

/** `请输入{label}` for typed values, `请选择{label}` for choices, dates, pickers and uploads. */
export function requiredMessage(key: string, label: string): string {
  return `${CHOICE_REQUIRED.has(key) ? '请选择' : '请输入'}${label}`;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isObj(v) && !Object.keys(v).length);

/** Option keys: `props` (v5) or `props.props` (Vue 2). */
function propsOf(f: LcField): { value?: unknown; label?: unknown; children?: unknown; multiple?: unknown } {
  const p = f.props as Record<string, unknown> | undefined;
  const inner = p?.props;
  return (inner && typeof inner === 'object' ? inner : (p ?? {})) as Record<string, unknown>;
}

const optionValues = (f: LcField): string[] | undefined => {
  if ((f.__config__.dataType ?? 'static') !== 'static') return undefined;
  const opts = f.options ?? f.__slot__?.options;
  if (!Array.isArray(opts) || !opts.length) return undefined;
  const pp = propsOf(f);
  const valueKey = String(pp.value ?? 'id');
  const childKey = String(pp.children ?? 'children');
  const out: string[] = [];
  const walk = (list: LcOption[]) => {
    for (const o of list) {
      const v = o[valueKey] ?? o.value ?? o.id;
      if (v !== undefined && v !== null) out.push(String(v));
      const kids = o[childKey];
      if (Array.isArray(kids)) walk(kids as LcOption[]);
    }
  };
  walk(opts);
  return out;
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2})?$/;
const COLOR_RE = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%]+\))$/;

const decimals = (n: number) => {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
};

/** Problems of one value against its field (empty when fine). */
export function checkValue(df: DataField, value: unknown, path = df.vModel): RuleError[] {
  const f = df.field;
  const cfg = f.__config__;
  const label = df.label;
  const err = (message: string): RuleError[] => [{ field: path, label, message }];
  if (SYSTEM_KEYS.includes(df.key) || df.key === 'billRule' || df.key === 'calculate') return [];
  if (isEmpty(value)) return cfg.required ? err(requiredMessage(df.key, label)) : [];
  switch (df.key) {
    case 'input':
    case 'textarea':
    case 'editor': {
      if (typeof value !== 'string' && typeof value !== 'number') return err(`${label}必须是文本`);
      const s = String(value);
      const max = f.maxlength ?? undefined;
      if (typeof max === 'number' && max > 0 && [...s].length > max) return err(`${label}不能超过${max}个字符`);
      for (const r of cfg.regList ?? []) {
        if (!r?.pattern) continue;
        let re: RegExp;
        try {
          re = patternOf(r.pattern);
        } catch {
          continue;
        }
        if (!re.test(s)) return err(r.message || `${label}格式不正确`);
      }
      return [];
    }
    case 'inputNumber':
    case 'rate':
    case 'slider': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
      if (!Number.isFinite(n)) return err(`${label}必须是数字`);
      if (typeof f.min === 'number' && n < f.min) return err(`${label}不能小于${f.min}`);
      if (typeof f.max === 'number' && n > f.max) return err(`${label}不能大于${f.max}`);
      if (df.key === 'rate' && n > Number(f.max ?? 5)) return err(`${label}不能大于${f.max ?? 5}`);
      if (typeof f.precision === 'number' && decimals(n) > f.precision) {
        return err(f.precision === 0 ? `${label}必须是整数` : `${label}最多保留${f.precision}位小数`);
      }
      return [];
    }
    case 'switch':
      return [0, 1, true, false, '0', '1'].includes(value as never) ? [] : err(`${label}只能是 0 或 1`);
    case 'colorPicker':
      return typeof value === 'string' && COLOR_RE.test(value) ? [] : err(`${label}不是有效的颜色`);
    case 'radio':
    case 'select':
    case 'checkbox': {
      const multiple = df.key === 'checkbox' || !!f.multiple || !!propsOf(f).multiple;
      const list = multiple ? value : [value];
      if (!Array.isArray(list)) return err(`${label}必须是多个选项的列表`);
      const allowed = optionValues(f);
      if (allowed) {
        const bad = list.find((x) => !allowed.includes(String(x)));
        if (bad !== undefined) return err(`${label}的选项无效: ${String(bad)}`);
      }
      return [];
    }
    case 'cascader':
    case 'areaSelect': {
      if (!Array.isArray(value)) return err(`${label}必须是逐级选择的列表`);
      return [];
    }
    case 'treeSelect': {
      const allowed = optionValues(f);
      const list = Array.isArray(value) ? value : [value];
      if (allowed) {
        const bad = list.find((x) => !allowed.includes(String(x)));
        if (bad !== undefined) return err(`${label}的选项无效: ${String(bad)}`);
      }
      return [];
    }
    case 'datePicker': {
      if (typeof value === 'number') return Number.isFinite(value) ? [] : err(`${label}不是有效的日期`);
      if (typeof value !== 'string' || !DATE_RE.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T'))))
        return err(`${label}不是有效的日期`);
      return [];
    }
    case 'timePicker':
      return typeof value === 'string' && TIME_RE.test(value) ? [] : err(`${label}不是有效的时间`);
    case 'uploadFile':
    case 'uploadImg': {
      if (!Array.isArray(value)) return err(`${label}必须是文件列表`);
      if (typeof f.limit === 'number' && f.limit > 0 && value.length > f.limit)
        return err(`当前限制最多可以上传${f.limit}个文件`);
      if (value.some((x) => !isObj(x) || typeof (x as Record<string, unknown>).url !== 'string'))
        return err(`${label}的文件缺少地址`);
      return [];
    }
    case 'organizeSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'roleSelect': {
      const multiple = !!f.multiple;
      const list = multiple ? value : [value];
      if (!Array.isArray(list)) return err(`${label}必须是多个编号的列表`);
      if (list.some((x) => typeof x !== 'string' && typeof x !== 'number' && !Array.isArray(x)))
        return err(`${label}必须是编号`);
      const able = f.ableIds;
      if (Array.isArray(able) && able.length) {
        const flat = list.flat().map(String);
        const bad = flat.find((x) => !able.map(String).includes(x));
        if (bad) return err(`${label}不在可选范围内: ${bad}`);
      }
      return [];
    }
    case 'relationForm':
    case 'popupSelect':
      return typeof value === 'string' || typeof value === 'number' || Array.isArray(value)
        ? []
        : err(`${label}必须是编号`);
    case 'table': {
      if (!Array.isArray(value)) return err(`${label}必须是行的列表`);
      const out: RuleError[] = [];
      value.forEach((row, i) => {
        if (!isObj(row)) {
          out.push({ field: `${path}[${i + 1}]`, label, message: `${label}第${i + 1}行格式不正确` });
          return;
        }
        for (const col of df.children ?? []) {
          for (const e of checkValue(col, row[col.vModel], `${path}[${i + 1}].${col.vModel}`)) {
            out.push({ ...e, message: `${label}第${i + 1}行: ${e.message}` });
          }
        }
      });
      return out;
    }
    default:
      return [];
  }
}

/** `/^\d+$/` (JNPF stores patterns as regex literals) or a bare source. */
export function patternOf(p: string): RegExp {
  const m = /^\/(.*)\/([gimsuy]*)$/s.exec(p);
  return m ? new RegExp(m[1], m[2].replace('g', '')) : new RegExp(p);
}

/** Every rule problem of a record (empty when the record is valid). Unknown keys are not the checker's business. */
export function checkRecord(form: Pick<LcFormConf, 'fields'>, data: Record<string, unknown>): RuleError[] {
  return dataFields(form).flatMap((df) => {
    if (df.key === 'table' && isEmpty(data[df.vModel]) && df.field.__config__.required)
      return [{ field: df.vModel, label: df.label, message: `请至少填写一行${df.label}` }];
    return checkValue(df, data[df.vModel]);
  });
}

/** Summary row of a sub-table: the sum of each summary field over the rows (non-numbers count as 0). */
export function summaryOf(rows: Record<string, unknown>[], fields: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fields) {
    let s = 0;
    for (const r of rows) {
      const n = Number(r[f]);
      if (Number.isFinite(n)) s += n;
    }
    out[f] = Math.round(s * 1e8) / 1e8;
  }
  return out;
}
