/** The pipe network's answers both sides read (apps/server/src/modules/gis, apps/web/src/components/map). */

// ---------------------------------------------------------------- valve-shutdown analysis with its effects

export interface ValveOut {
  gid: number;
  dno: string;
  x: number;
  y: number;
  diameter: number | null;
  /** metres from the burst point */
  distance: number;
}

export interface UserOut {
  gid: number;
  dno: string;
  name: string | null;
  customerCount: number;
  criticalType: string | null;
  pipeGid: number;
  /** segment: on the burst segment; isolated: cut off by the closed valves */
  cause: 'segment' | 'isolated';
}

export interface PipeAnalysis {
  networkVersion: number;
  burst: { pipeGid: number; pipeDno: string; x: number; y: number; roadName: string | null; dmaCode: string | null };
  segmentPipes: number[];
  segmentLength: number;
  isolatedPipes: number[];
  /** valves to close, nearest the burst first */
  valves: ValveOut[];
  closedValves: number[];
  backups: { forValve: number; valves: ValveOut[] }[];
  affectedUsers: UserOut[];
  affectedCustomers: number;
  criticalUsers: UserOut[];
  sourceInSegment: boolean;
  tookMs: number;
}
