/** The dispatch process diagram's answer, read by the server's screens and the web's (供水调度). */

export interface DiagramValue {
  field: string;
  name: string;
  nameEn: string;
  unit: string;
  /** null when stale or never reported */
  value: number | null;
  time: string | null;
  stale: boolean;
  step: number;
}

/** One pump of a station: its run state, frequency, flow and outlet pressure, each a value that may be stale. */
export interface DiagramPump {
  no: number;
  /** true running, false stopped, null when the state is stale or never reported */
  running: boolean | null;
  state: DiagramValue | null;
  frequency: DiagramValue | null;
  flow: DiagramValue | null;
  pressure: DiagramValue | null;
}

export interface DiagramNode {
  id: string;
  stcd: string;
  stnm: string;
  sttp: string;
  kind: 'source' | 'plant' | 'pump' | 'network';
  column: number;
  x: number;
  y: number;
  /** the station's own values (not per pump), tank level included */
  values: DiagramValue[];
  /** each pump of a pump station (plants' and booster stations' pump series), by number */
  pumps: DiagramPump[];
  /** every value stale (or none): the station is out of contact (失联) */
  stale: boolean;
}
