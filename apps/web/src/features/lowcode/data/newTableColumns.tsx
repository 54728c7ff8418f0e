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
    {
      title: t('lowcode.dm.length'),
      key: 'dataLength',
      width: 110,
      render: (_v, it) => (
        <Form.Item name={[it.name, 'dataLength']} style={{ margin: 0 }}>
          <InputNumber
            aria-label={t('lowcode.dm.length')}
            min={1}
            max={10_000}
            precision={0}
            disabled={!takesLength(fields[it.name]?.dataType)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ),
    },
    {
      title: t('lowcode.dm.decimals'),
      key: 'decimalDigits',
      width: 100,
      render: (_v, it) => (
        <Form.Item name={[it.name, 'decimalDigits']} style={{ margin: 0 }}>
          <InputNumber
            aria-label={t('lowcode.dm.decimals')}
            min={0}
            max={30}
            precision={0}
            disabled={!takesDecimals(fields[it.name]?.dataType)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ),
    },
  ];
}

function flagColumns({ t, fields, remove }: ColumnsArgs): Columns {
  return [
    {
      title: t('lowcode.dm.primaryKey'),
      key: 'primaryKey',
      width: 70,
      align: 'center',
      render: (_v, it) => (
        <Form.Item name={[it.name, 'primaryKey']} valuePropName="checked" style={{ margin: 0 }}>
          <Checkbox aria-label={t('lowcode.dm.primaryKey')} />
        </Form.Item>
      ),
    },
    {
      title: t('lowcode.dm.allowNull'),
      key: 'allowNull',
      width: 70,
      align: 'center',
      render: (_v, it) => (
        <Form.Item name={[it.name, 'allowNull']} valuePropName="checked" style={{ margin: 0 }}>
          <Checkbox aria-label={t('lowcode.dm.allowNull')} disabled={!!fields[it.name]?.primaryKey} />
        </Form.Item>
      ),
    },
    removeColumn<FormListFieldData>(t, (it) => remove(it.name)),
  ];
}

export const newTableColumns = (a: ColumnsArgs): Columns => [...shapeColumns(a), ...flagColumns(a)];
