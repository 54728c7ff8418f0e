/** The fields of a release note: version and title (required) and what changed. */
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export function ReleaseNoteForm({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="version"
        label={t('appAdmin.version')}
        rules={[{ required: true, message: t('appAdmin.required', { field: t('appAdmin.version') }) }]}
      >
        <Input placeholder="1.2.0" />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('appAdmin.title')}
        rules={[{ required: true, message: t('appAdmin.required', { field: t('appAdmin.title') }) }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="content" label={t('appAdmin.content')}>
        <Input.TextArea rows={6} maxLength={5000} />
      </Form.Item>
    </Form>
  );
}
