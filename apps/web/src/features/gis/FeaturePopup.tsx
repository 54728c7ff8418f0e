/** The identified feature's attributes, in a card over the map's corner (field aliases from the layer metadata). */
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentifyResult, LayerMeta } from '../../components/map/gisApi';
import { attributeText } from './attributeText';

export function FeaturePopup({ r, metas, onClose }: { r: IdentifyResult; metas: LayerMeta[]; onClose(): void }) {
  const { t } = useTranslation();
  const aliasOf = (layerKey: string, field: string) =>
    metas.find((m) => m.key === layerKey)?.fieldAliases[field] ?? field;
  return (
    <Card
      size="small"
      title={`${r.layerName} ${String(r.attributes.dno ?? r.value)}`}
      extra={
        <Button size="small" type="text" onClick={onClose}>
          ×
        </Button>
      }
      style={{ width: 320, maxHeight: 440, overflow: 'auto' }}
    >
      <Descriptions size="small" column={1} bordered>
        {Object.entries(r.attributes).map(([k, v]) => (
          <Descriptions.Item key={k} label={aliasOf(r.layerKey, k)}>
            {attributeText(t, r.layerKey, k, v)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
