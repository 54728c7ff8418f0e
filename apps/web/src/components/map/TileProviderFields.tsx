/** The fields of the online basemap setting per provider: Tianditu (key, kind, matrix set, annotation), XYZ or WMTS. */
import { Alert, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** `hint`: the end of the key kept on the server (a new key is then optional) */
export function TiandituFields({ hint }: { hint: string }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function UrlTileFields({ provider }: { provider: 'xyz' | 'wmts' }) {
  const { t } = useTranslation();
  return (
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
  );
}
