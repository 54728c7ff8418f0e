/** The map widgets other screens reuse: the network map, the equipment picker and the map & coordinate dialog. */

export { boxSource } from './boxSource';
export { EquipmentInput, EquipmentPicker, type EquipmentValue, parseEquipment } from './EquipmentPicker';
export { dispatchApi, GIS_PROXY, gisApi, IDENTIFY_TOLERANCE, WKID } from './gisApi';
export { AddressPointInput, type AddressValue, MapCoordinateDialog, parseAddressValue } from './MapCoordinateDialog';
export { OVERLAYS, type OverlayItem, type OverlayKey } from './mapApi';
export { pipeLook } from './mapStyle';
export { DEFAULT_VISIBLE, LEGEND, NETWORK_LAYERS, type NetworkLayerKey, NetworkMap } from './NetworkMap';
export { DEMO_CENTER, EPSG_4548, lodFor, toLonLat4548 } from './proj';
export { SwpMap, type SwpMapProps } from './SwpMap';
