/** Add or edit a dictionary type: parent (tree of types), name, code, tree flag, status, sort and remark. */
import { App, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryTypeApi } from '../../api/jnpf';
import { TreeSelectField } from '../../components/widgets';
import { toTreeOptions } from '../../components/widgets/treeUtils';
import type { TypeNode } from './dictionaryTypes';

export function DictionaryTypeDialog({
  value,
  onClose,
}: {
  value: Partial<TypeNode> | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  useEffect(() => {
    if (value) form.setFieldsValue({ parentId: '0', sortCode: 0, isTree: 0, enabledMark: 1, ...value });
  }, [value, form]);
  return (
    <Modal
      open={!!value}
      title={t(value?.id ? 'crud.edit' : 'crud.add')}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      onOk={async () => {
        const v = await form.validateFields();
        const body = { ...value, ...v, isTree: v.isTree ? 1 : 0, enabledMark: v.enabledMark ? 1 : 0 };
        await dictionaryTypeApi.submit(body);
        message.success(t(value?.id ? 'crud.updateSuccess' : 'crud.addSuccess'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" name="dictionary-type" preserve={false}>
        <Form.Item name="parentId" label={t('jdict.parent')}>
          <TreeSelectField
            load={async () => [
              {
                value: '0',
                title: t('jdict.root'),
                children: toTreeOptions(((await dictionaryTypeApi.page({})) as any) ?? [], {
                  title: 'fullName',
                  value: 'id',
                }),
              },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('jdict.typeName')}
          rules={[{ required: true, message: t('jdict.typeNameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('jdict.typeCode')}
          rules={[{ required: true, message: t('jdict.typeCodeRequired') }]}
        >
          <Input />
        </Form.Item>
        <Space size="large">
          <Form.Item
            name="isTree"
            label={t('jdict.isTree')}
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="enabledMark"
            label={t('crud.status')}
            valuePropName="checked"
            getValueProps={(v) => ({ checked: v === 1 || v === true })}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="sortCode" label={t('crud.sort')}>
            <InputNumber min={0} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('crud.remark')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
