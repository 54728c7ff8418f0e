/** 新建表: a table in a connection, column by column (name, type, length and decimals where the type takes them, nullable, primary key). */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataModelApi } from '../../../api/lowcode';
import { useBusyCall } from '../../../lib/useBusyCall';
import { validValues } from '../../../lib/validValues';
import { nameRuleOf, newTableColumns } from './newTableColumns';
import { duplicateField, type NewField, sizesFor, tableBody } from './tables';

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
  const { busy: saving, run } = useBusyCall();
  const fields = (Form.useWatch('fields', form) ?? FIRST) as NewField[];

  const save = async () => {
    const v = await validValues<{ tableName: string; fields: NewField[] }>(form);
    if (!v) return;
    if (!v.fields?.length) {
      message.error(t('lowcode.dm.fieldsRequired'));
      return;
    }
    const dup = duplicateField(v.fields);
    if (dup) {
      message.error(t('lowcode.dm.fieldDuplicate', { name: dup }));
      return;
    }
    await run(
      () => dataModelApi.createTable(String(source.id), tableBody(v.tableName, v.fields)),
      t('lowcode.dm.created'),
      () => onCreated(v.tableName.trim()),
    );
  };

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
          rules={[{ required: true, message: t('lowcode.dm.tableNameRequired') }, nameRuleOf(t)]}
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
                columns={newTableColumns({ t, form, fields, remove })}
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
