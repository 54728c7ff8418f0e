/**
 * The online basemap setting of the tenant (administrators; `POST /api/swp-gis/tile-setting`): none, Tianditu with
 * its key (vector or imagery, with or without annotation, EPSG:3857 `w` or EPSG:4326 `c`), an XYZ template or a
 * WMTS capabilities URL. The server validates; its message is shown as it comes.
 */
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapApi, type TileProvider, type TileSetting } from './mapApi';

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
    const body: TileSetting =
      v.provider === 'tianditu'
        ? {
            provider: 'tianditu',
            key: v.key ?? '',
            kind: v.kind,
            matrixSet: v.matrixSet,
            annotation: !!v.annotation,
          }
        : v.provider === 'xyz'
          ? { provider: 'xyz', url: v.url, maxZoom: v.maxZoom, attribution: v.attribution ?? '' }
          : v.provider === 'wmts'
            ? {
                provider: 'wmts',
                url: v.url,
                layer: v.layer,
                matrixSet: v.matrixSet ?? '',
                attribution: v.attribution ?? '',
              }
            : { provider: 'none' };
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
          {provider === 'tianditu' && (
            <>
              <Form.Item
                name="key"
                label={t('swpMap.tiles.key')}
                extra={hint ? t('swpMap.tiles.keyKept', { hint }) : undefined}
                rules={[{ required: !hint, message: t('swpMap.tiles.keyRequired') }]}
              >
                <Input.Password autoComplete="off" placeholder={hint || undefined} />
              </Form.Item>
              <Form.Item name="kind" label={t('swpMap.tiles.kind')}>
                <Radio.Group
                  options={[
                    { value: 'vec', label: t('swpMap.tiles.vec') },
                    { value: 'img', label: t('swpMap.tiles.img') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="matrixSet" label={t('swpMap.tiles.matrixSet')}>
                <Select
                  options={[
                    { value: 'w', label: 'EPSG:3857 (w)' },
                    { value: 'c', label: 'EPSG:4326 (c)' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="annotation" label={t('swpMap.tiles.annotation')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Alert type="info" showIcon message={t('swpMap.tiles.keyVisible')} />
            </>
          )}
          {(provider === 'xyz' || provider === 'wmts') && (
            <>
              <Form.Item
                name="url"
                label={t(provider === 'xyz' ? 'swpMap.tiles.xyzUrl' : 'swpMap.tiles.wmtsUrl')}
                rules={[{ required: true, message: t('swpMap.tiles.urlRequired') }]}
                extra={provider === 'xyz' ? 'https://…/{z}/{x}/{y}.png' : 'https://…/wmts?REQUEST=GetCapabilities'}
              >
                <Input />
              </Form.Item>
              {provider === 'xyz' ? (
                <Form.Item name="maxZoom" label={t('swpMap.tiles.maxZoom')}>
                  <InputNumber min={1} max={22} />
                </Form.Item>
              ) : (
                <>
                  <Form.Item
                    name="layer"
                    label={t('swpMap.tiles.layer')}
                    rules={[{ required: true, message: t('swpMap.tiles.layerRequired') }]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item name="matrixSet" label={t('swpMap.tiles.wmtsMatrixSet')}>
                    <Input />
                  </Form.Item>
                </>
              )}
              <Form.Item name="attribution" label={t('swpMap.tiles.attribution')}>
                <Input />
              </Form.Item>
            </>
          )}
          {provider === 'none' && <Alert type="info" showIcon message={t('swpMap.tiles.noneHint')} />}
        </Form>
      </Spin>
    </Modal>
  );
}
