/**
 * The pipe network (issue 10): the spatial store on PostGIS (EPSG:4548), the ArcGIS-style GIS service, coordinates
 * and offline reverse geocoding, the valve-shutdown analysis and the burst events of the dispatch calls.
 *
 * For other modules (alarms, devices, patrol): analyse a burst on a pipe, open a burst event from an alarm, find
 * the DMA of a point or feature, list DMAs with their inlet meters' monitoring station codes, the nearest pipe.
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { gisRoutes } from './routes.ts';
import { seedGis } from './seed.ts';

export { type ShutdownResult, shutdownAnalysis } from './analysis.ts';
export { basemapFor } from './basemap-service.ts';
export { type BurstPressure, onBurstPressure } from './burst-pressure.ts';
export {
  createBurstEvent,
  EVENT_STATUS,
  eventDetail as burstEventDetail,
  markValve,
  type NewBurst,
  shareToken,
  valveList,
} from './dispatch.ts';
export { exportInp, type InpOptions, inpText, networkSummary } from './import/export.ts';
export { type LTownHook, onLTownImported } from './import/ltown.ts';
export {
  loadNetworkRows,
  loadNetworkText,
  type NetworkRows,
  type NetworkText,
  networkTextBuffers,
  parseNetworkText,
} from './import/network-rows.ts';
export {
  customerMeters,
  customersAt,
  DEFAULT_ROUGHNESS,
  type DemandPlan,
  modelNodeOf,
  type PumpDuty,
  pumpDuty,
  pumpStations,
  type RoughnessRule,
  stationFeatures,
} from './import/runnable.ts';
export { LAYERS, layerByRef } from './layers.ts';
export { districtOf, reverseGeocode, toGeo, toPlane } from './location.ts';
export { type MainsCollection, mainsIn } from './mains.ts';
export { type NearbyNetwork, networkNear } from './nearby.ts';
export { MONITOR_TIES } from './network.ts';
export { GIS_PROXY } from './routes.ts';
export { burstEvent, eventValve, gisDma, gisNetwork, gisNode, gisPipe, gisRoad } from './schema.ts';
export {
  analysePipe,
  DEFAULT_TOLERANCE as GIS_TOLERANCE,
  type DmaInfo,
  dmaAt,
  dmaOfFeature,
  listDmas,
  nearestPipe,
  type PipeAnalysis,
  WKID as GIS_WKID,
} from './service.ts';
export { networkVersion } from './store.ts';
export {
  buildStreetGraph,
  distanceToStreets,
  routeAlongStreets,
  type StreetGraph,
  streetGraphOf,
} from './streets.ts';

export const gisModule: ServerModule = {
  name: 'gis',
  uses: ['log', 'monitor', 'system'],
  routes: gisRoutes,
  seed: (ctx: AppContext) => seedGis(ctx),
};
