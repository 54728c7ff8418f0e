/** 应用设置: the field app's settings for this tenant (position interval, check-in radius, photos, GIS layers). */
import { App as AntApp, Button, Card, Checkbox, Form, InputNumber, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../stores/session';
import { type AppSettings, appAdminApi } from './api';

const LAYERS = ['pipe', 'valve', 'hydrant', 'meter', 'pump', 'junction', 'wq', 'source', 'dma'];

export default function SettingPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const canEdit = usePermission('app_setting_edit');

  useEffect(() => {
    void appAdminApi.settings().then((s) =>
      form.setFieldsValue({
        ...s,
        stripExifGps: s.stripExifGps === 1,
        gisLayers: s.gisLayers.split(',').filter(Boolean),
      }),
    );
  }, [form]);

  async function save() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body: AppSettings = {
        ...v,
        stripExifGps: v.stripExifGps ? 1 : 0,
        gisLayers: (v.gisLayers ?? []).join(','),
      };
      await appAdminApi.saveSettings(body);
      void message.success(t('appAdmin.saved'));
    } finally {
      setSaving(false);
    }
  }

  const num = (name: string, min: number, max: number) => (
    <Form.Item name={name} label={t(`appAdmin.${name}`)} rules={[{ required: true, type: 'number', min, max }]}>
      <InputNumber min={min} max={max} style={{ width: 200 }} />
    </Form.Item>
  );

  return (
    <Card data-testid="app-settings">
      <Typography.Paragraph>
        {t('appAdmin.appHint')}{' '}
        <a href="/app/" target="_blank" rel="noreferrer">
          {t('appAdmin.openApp')}
        </a>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 560 }}>
        {num('positionInterval', 5, 3600)}
        {num('checkinRadius', 10, 5000)}
        {num('photoMaxKb', 100, 10240)}
        <Form.Item name="stripExifGps" label={t('appAdmin.stripExifGps')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="gisLayers" label={t('appAdmin.gisLayers')}>
          <Checkbox.Group options={LAYERS.map((l) => ({ label: l, value: l }))} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="app-settings-save">
            {t('appAdmin.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
