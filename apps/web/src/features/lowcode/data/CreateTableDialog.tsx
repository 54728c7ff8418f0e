/** 新建表: a table in a connection, column by column (name, type, length and decimals where the type takes them, nullable, primary key). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataModelApi } from '../../../api/lowcode';
import {
  duplicateField,
  FIELD_TYPES,
  type FieldType,
  IDENT,
  type NewField,
  sizesFor,
  tableBody,
  takesDecimals,
  takesLength,
} from './tables';

const FIRST: NewField[] = [{ field: 'id', dataType: 'bigint', primaryKey: true, allowNull: false }];

export function CreateTableDialog({
  source,
  onClose,
  onCreated,
}: {
  source: Row;
  onClose(): void;
  onCreated(name: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = (Form.useWatch('fields', form) ?? FIRST) as NewField[];

  const save = async () => {
    let v: { tableName: string; fields: NewField[] };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!v.fields?.length) {
      message.error(t('lowcode.dm.fieldsRequired'));
      return;
    }
    const dup = duplicateField(v.fields);
    if (dup) {
      message.error(t('lowcode.dm.fieldDuplicate', { name: dup }));
      return;
    }
    setSaving(true);
    try {
      await dataModelApi.createTable(String(source.id), tableBody(v.tableName, v.fields));
      message.success(t('lowcode.dm.created'));
      onCreated(v.tableName.trim());
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };

  const nameRule = { pattern: IDENT, message: t('lowcode.dm.nameRule') };
  return (
    <Modal
      open
      title={t('lowcode.dm.newTableIn', { name: source.fullName })}
      width={920}
      mask={{ closable: false }}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form form={form} name="new-table" initialValues={{ fields: FIRST }} layout="vertical">
        <Form.Item
          name="tableName"
          label={t('lowcode.dm.tableName')}
          rules={[{ required: true, message: t('lowcode.dm.tableNameRequired') }, nameRule]}
        >
          <Input maxLength={63} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <>
              <Table
                size="small"
                bordered
                rowKey="key"
                dataSource={items}
                pagination={false}
                columns={[
                  {
                    title: t('lowcode.dm.field'),
                    key: 'field',
                    render: (_v, it) => (
                      <Form.Item
                        name={[it.name, 'field']}
                        rules={[{ required: true, message: t('lowcode.dm.field') }, nameRule]}
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
                  {
                    title: '',
                    key: 'x',
                    width: 50,
                    render: (_v, it) => (
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('crud.remove')}
                        onClick={() => remove(it.name)}
                      />
                    ),
                  },
                ]}
              />
              <Space style={{ marginTop: 8 }}>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => add({ field: '', dataType: 'varchar', ...sizesFor('varchar'), allowNull: true })}
                >
                  {t('lowcode.dm.addField')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
