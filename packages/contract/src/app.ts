/** The field app's wire types both sides share (apps/server/src/modules/app, apps/web/src/features/app). */

/** A tenant's field-app settings (移动应用 › 应用设置), as `setting/detail` answers and `setting/submit` takes them. */
export interface AppSettings {
  /** seconds between position reports */
  positionInterval: number;
  /** metres a check-in may lie from its object before it is flagged */
  checkinRadius: number;
  photoMaxKb: number;
  /** 1: photos lose their GPS tags before upload */
  stripExifGps: number;
  /** comma-joined GIS layer ids the app's map draws */
  gisLayers: string;
}
