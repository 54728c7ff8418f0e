/**
 * The simulator's vocabulary: time units, how a station is simulated (StationSim), a series to simulate, the
 * points it yields, the hash streams each kind of draw uses, and the seasonal factor rain and demand share.
 */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

export type StationSim =
  | { model: 'rain'; factor: number }
  | {
      model: 'river';
      factor: number;
      /** catchment km² */
      area: number;
      /** runoff coefficient */
      c: number;
      /** linear-reservoir time constant, hours */
      k: number;
      /** travel lag, hours */
      lag: number;
      /** mean baseflow m³/s */
      qb: number;
      /** rating Q = a·(z − z0)^b */
      a: number;
      b: number;
      z0: number;
    }
  | {
      model: 'reservoir';
      factor: number;
      area: number;
      c: number;
      k: number;
      /** water surface km² */
      surface: number;
      /** regulated pool level, m, and its seasonal swing (lower in the flood season) */
      zBase: number;
      swing: number;
    }
  | {
      model: 'plant';
      base: number;
      energy: number;
      pressure?: number;
      /** pumps reported one by one (pump{n}State/Freq/Flow/Press), each rated at `pumpRated` × base m³/h */
      pumps?: number;
      pumpRated?: number;
      /** a clear-water or storage tank reporting `tankLevel` (m): its mean level */
      tank?: number;
    }
  | { model: 'pressure'; p0: number; c: number }
  | { model: 'flow'; base: number; p0: number; c: number }
  | { model: 'quality'; chlorine: number; turbidity: number; ph: number };

export interface SeriesSpec {
  /** keyOf(station code) */
  key: number;
  field: string;
  /** raw step in seconds */
  step: number;
  sim: StationSim;
}

export interface Points {
  ts: Float64Array;
  values: Float64Array;
}

// Streams: one per kind of draw, so draws never collide.
export const S = {
  stormStart: 1,
  stormDur: 2,
  stormDepth: 3,
  stormPeak: 4,
  stationFactor: 5,
  rainJitter: 6,
  smooth: 7,
  white: 8,
  spike: 9,
  spikeKind: 10,
  spikeMag: 11,
  gap: 12,
  gapStart: 13,
  gapLen: 14,
  flat: 15,
  flatStart: 16,
  flatLen: 17,
  burst: 18,
  burstStart: 19,
  burstLen: 20,
  burstSize: 21,
  fieldSalt: 22,
} as const;

/** Seasonal factor peaking in late July (day of year ≈ 200). */
export function seasonal(ms: number, amp: number): number {
  const doy = (ms / DAY) % 365.2425;
  return 1 + amp * Math.cos((2 * Math.PI * (doy - 200)) / 365.2425);
}
