/** What is saved of the tile setting form: only the fields of the chosen provider. */
import type { TileSetting } from './mapApi';

export function tileSettingBody(v: TileSetting): TileSetting {
  return v.provider === 'tianditu'
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
}
