/** Hydraulic answers both sides read (apps/server/src/modules/hydraulic, apps/web/src/api/hydraulic.ts). */

/** One time step of a calibration: the model's value beside the station's reading. */
export interface CalibrationPoint {
  time: number;
  simulated: number;
  measured: number | null;
}

/** A monitoring station compared with the model element it sits on, with its error figures. */
export interface CalibrationStation {
  stcd: string;
  name: string;
  field: string;
  quantity: 'pressure' | 'flow';
  unit: 'm' | 'L/s';
  target: { type: 'node' | 'link' | 'source'; code: string; nearest?: number };
  points: CalibrationPoint[];
  count: number;
  meanError: number | null;
  maxError: number | null;
  bias: number | null;
}
