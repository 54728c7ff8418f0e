/** What the app reads from the server (the patrol task shapes of `/api/swp-app/task/*`). */
import type { MyProcessTask, Wire } from '@swp/contract';
import type { BasemapFeature } from '../components/map/mapStyle';

export interface TaskRow {
  id: string;
  taskName: string;
  planName: string;
  taskStatus: 0 | 1 | 2 | 3;
  periodStart: string;
  periodEnd: string;
  startTime: string | null;
  objectCount: number;
  checkedCount: number;
  hazardCount: number;
}

export interface TaskObject {
  id: string;
  objectName: string;
  facilityType: string;
  x: number | null;
  y: number | null;
  lon: number | null;
  lat: number | null;
  address: string | null;
  result: 0 | 1 | 2;
  checkTime: string | null;
  checkDistance: number | null;
  checkFar: number;
}

export interface TaskDetail extends TaskRow {
  objects: TaskObject[];
}

export interface Network {
  pipes: { gid: number; diameter: number; coords: [number, number][] }[];
  valves: { gid: number; x: number; y: number; closed: boolean }[];
  /** the console map's basemap of the task's area (streets, blocks, water), when it could be read */
  basemap?: BasemapFeature[];
}

export interface Settings {
  positionInterval: number;
  checkinRadius: number;
  photoMaxKb: number;
  stripExifGps: number;
  gisLayers: string;
}

export interface SamplingRow {
  id: string;
  planName: string | null;
  pointCode: string;
  pointName: string | null;
  indicatorCodes: string[];
  dueDate: string;
  state: 'pending' | 'done';
  sampleCode: string | null;
  doneTime: string | null;
}

/** A repair task as the field app receives it (the server's task, dates as strings). */
export type RepairRow = Wire<MyProcessTask>;

export interface Work {
  patrol: TaskRow[];
  sampling: SamplingRow[];
  repairs: RepairRow[];
}

export interface Valve {
  valveGid: number;
  valveDno: string | null;
  seq: number;
  role: 'close' | 'backup';
  forValveGid: number | null;
  diameter: number | null;
  distance: number | null;
  closed: number;
}

export interface RepairDetail {
  task: RepairRow;
  onSite: boolean;
  event: { id: string; code: string; title: string; address: string | null; eventStatus: number } | null;
  valves: Valve[];
}
