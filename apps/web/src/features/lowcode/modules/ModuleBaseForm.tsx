/** The basic information of an online module: name, English name, code, category, order and description. */
import { Form, type FormInstance, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

export function ModuleBaseForm({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} style={{ maxWidth: 640 }}>
      <Form.Item
        name="fullName"
        label={t('lowcode.module.fullName')}
        rules={[{ required: true, message: t('lowcode.module.fullNameRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enName" label={t('lowcode.module.enName')} tooltip={t('lowcode.module.enNameTip')}>
        <Input maxLength={100} data-testid="module-en-name" />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('lowcode.module.enCode')}
        rules={[
          { required: true, message: t('lowcode.module.enCodeRequired') },
          { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('lowcode.module.enCodePattern') },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="category" label={t('lowcode.module.category')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="sortCode" label={t('lowcode.module.sortCode')} initialValue={0}>
        <InputNumber min={0} />
      </Form.Item>
      <Form.Item name="description" label={t('lowcode.module.description')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </Form>
  );
}
