/**
 * The online basemap setting of the tenant (administrators; `POST /api/swp-gis/tile-setting`): none, Tianditu with
 * its key (vector or imagery, with or without annotation, EPSG:3857 `w` or EPSG:4326 `c`), an XYZ template or a
 * WMTS capabilities URL. The server validates; its message is shown as it comes.
 */
import { Alert, Form, Modal, Radio, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapApi, type TileProvider, type TileSetting } from './mapApi';
import { TiandituFields, UrlTileFields } from './TileProviderFields';
import { tileSettingBody } from './tileSettingBody';

export function TileSettingsDialog({ open, onClose }: { open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TileSetting>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [hint, setHint] = useState('');
  const provider = Form.useWatch('provider', form) as TileProvider | undefined;

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    mapApi
      .tileSetting()
      .then((s) => {
        setHint(s.keySet ? (s.keyHint ?? '') : '');
        form.setFieldsValue({
          kind: 'vec',
          matrixSet: s.provider === 'tianditu' ? s.matrixSet : 'w',
          annotation: true,
          maxZoom: 18,
          ...s,
          key: '',
        });
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [open, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body = tileSettingBody(v);
    setSaving(true);
    try {
      await mapApi.saveTileSetting(body);
      onClose(true);
    } catch {
      // the server's message is shown by the http layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('swpMap.tiles.title')}
      okText={t('swpMap.tiles.save')}
      cancelText={t('swpMap.tiles.cancel')}
      onOk={save}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={560}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" data-testid="tile-settings" initialValues={{ provider: 'none' }}>
          <Form.Item name="provider" label={t('swpMap.tiles.provider')}>
            <Radio.Group
              options={(['none', 'tianditu', 'xyz', 'wmts'] as const).map((p) => ({
                value: p,
                label: t(`swpMap.tiles.providers.${p}`),
              }))}
            />
          </Form.Item>
          {provider === 'tianditu' && <TiandituFields hint={hint} />}
          {(provider === 'xyz' || provider === 'wmts') && <UrlTileFields provider={provider} />}
          {provider === 'none' && <Alert type="info" showIcon message={t('swpMap.tiles.noneHint')} />}
        </Form>
      </Spin>
    </Modal>
  );
}
