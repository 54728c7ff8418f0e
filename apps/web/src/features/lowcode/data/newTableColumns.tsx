/**
 * The columns of 新建表's field list, each cell a form item of the field's row: name, type (choosing one sets its
 * default sizes), length and decimals where the type takes them, primary key, nullable, and a delete button.
 */
import {
  Checkbox,
  Form,
  type FormInstance,
  type FormListFieldData,
  Input,
  InputNumber,
  Select,
  type TableColumnsType,
} from 'antd';
import type { TFunction } from 'i18next';
import { removeColumn } from './removeColumn';
import { FIELD_TYPES, type FieldType, IDENT, type NewField, sizesFor, takesDecimals, takesLength } from './tables';

export interface ColumnsArgs {
  t: TFunction;
  form: FormInstance;
  /** the rows as they are now (the form's watched `fields`) */
  fields: NewField[];
  remove: (index: number) => void;
}

type Columns = TableColumnsType<FormListFieldData>;

/** The name column's rule (and the table name's): an identifier. */
export const nameRuleOf = (t: TFunction) => ({ pattern: IDENT, message: t('lowcode.dm.nameRule') });

function shapeColumns({ t, form, fields }: ColumnsArgs): Columns {
  return [
    {
      title: t('lowcode.dm.field'),
      key: 'field',
      render: (_v, it) => (
        <Form.Item
          name={[it.name, 'field']}
          rules={[{ required: true, message: t('lowcode.dm.field') }, nameRuleOf(t)]}
          style={{ margin: 0 }}
        >
          <Input aria-label={t('lowcode.dm.field')} maxLength={63} />
        </Form.Item>
      ),
    },
    {
      title: t('lowcode.dm.dataType'),
      key: 'dataType',
      width: 130,
      render: (_v, it) => (
        <Form.Item name={[it.name, 'dataType']} style={{ margin: 0 }}>
          <Select
            aria-label={t('lowcode.dm.dataType')}
            options={FIELD_TYPES.map((x) => ({ value: x, label: x }))}
            onChange={(v: FieldType) =>
              form.setFieldValue(['fields', it.name], { ...fields[it.name], dataType: v, ...sizesFor(v) })
            }
          />
        </Form.Item>
      ),
    },
    ...SIZES.map((size) => sizeColumn(t, fields, size)),
  ];
}

interface Size {
  key: 'dataLength' | 'decimalDigits';
  /** the header's key, also the input's label */
  label: string;
  width: number;
  min: number;
  max: number;
  /** whether a field of this type has the size */
  takes: (type: FieldType | undefined) => boolean;
}

/** The sizes a field may have after its type. */
const SIZES: Size[] = [
  { key: 'dataLength', label: 'lowcode.dm.length', width: 110, min: 1, max: 10_000, takes: takesLength },
  { key: 'decimalDigits', label: 'lowcode.dm.decimals', width: 100, min: 0, max: 30, takes: takesDecimals },
];

/** A whole-number size of a field (length, decimals), editable only when the field's type takes it. */
function sizeColumn(t: TFunction, fields: NewField[], size: Size): Columns[number] {
  return {
    title: t(size.label),
    key: size.key,
    width: size.width,
    render: (_v, it) => (
      <Form.Item name={[it.name, size.key]} style={{ margin: 0 }}>
        <InputNumber
          aria-label={t(size.label)}
          min={size.min}
          max={size.max}
          precision={0}
          disabled={!size.takes(fields[it.name]?.dataType)}
          style={{ width: '100%' }}
        />
      </Form.Item>
    ),
  };
}

function flagColumns({ t, fields, remove }: ColumnsArgs): Columns {
  // a primary key is never nullable
  const isKey = (i: number) => !!fields[i]?.primaryKey;
  return [
    flagColumn(t, 'primaryKey', 'lowcode.dm.primaryKey', () => false),
    flagColumn(t, 'allowNull', 'lowcode.dm.allowNull', isKey),
    removeColumn<FormListFieldData>(t, (it) => remove(it.name)),
  ];
}

export const newTableColumns = (a: ColumnsArgs): Columns => [...shapeColumns(a), ...flagColumns(a)];

/** A yes/no of a field (primary key, nullable) as a checkbox; `locked` says for which rows it cannot change. */
function flagColumn(
  t: TFunction,
  key: 'primaryKey' | 'allowNull',
  label: string,
  locked: (row: number) => boolean,
): Columns[number] {
  return {
    title: t(label),
    key,
    width: 70,
    align: 'center',
    render: (_v, it) => (
      <Form.Item name={[it.name, key]} valuePropName="checked" style={{ margin: 0 }}>
        <Checkbox aria-label={t(label)} disabled={locked(it.name)} />
      </Form.Item>
    ),
  };
}
