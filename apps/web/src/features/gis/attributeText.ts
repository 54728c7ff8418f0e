/**
 * A feature attribute as the operator reads it: coded values of the network layers (管线类别 `distribution`,
 * 常态 `open`, 阀门类型 `gate`, …) through the zh/en dictionary `gis.dict`, flags as 是/否; anything else as is.
 */
import type { TFunction } from 'i18next';

/** the coded fields of each layer and their dictionary */
const CODED: Record<string, Record<string, string>> = {
  pipe: { pipeClass: 'pipeClass' },
  valve: { normalState: 'normalState', subtype: 'valveType', operable: 'yesNo' },
  meter: { subtype: 'meterType', criticalType: 'criticalType' },
  source: { subtype: 'sourceType' },
};

export function attributeText(t: TFunction, layerKey: string, field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  const dict = CODED[layerKey]?.[field];
  if (!dict) return String(value);
  const key = dict === 'criticalType' ? `gis.criticalType.${value}` : `gis.dict.${dict}.${value}`;
  // an unknown code still shows, raw, rather than an empty cell
  return t(key, { defaultValue: String(value) });
}
