/**
 * The pipe-network map, now the shared map (SwpMap): kept under its old name for the pickers and the screens that
 * import it, with the network layers' legend colours and styles.
 */
export type { Geometry } from 'ol/geom';
export {
  DEFAULT_VISIBLE,
  featureStyle,
  LEGEND,
  NETWORK_LAYERS,
  type NetworkLayerKey,
} from './networkLayers';
export { type OlMap, SwpMap as NetworkMap, type SwpMapProps as NetworkMapProps } from './SwpMap';
