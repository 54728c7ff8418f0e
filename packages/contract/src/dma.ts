/** The DMA answers both sides read (apps/server/src/modules/dma, apps/web/src/api/dma.ts). */

/** A zone in the zone tree (分区树), with its size and whether its boundary is drawn. */
export interface DmaZoneNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  population: number;
  connections: number;
  mainLength: number;
  meters: number;
  hasBoundary: boolean;
  children: DmaZoneNode[];
}

/** One figure of the IWA water balance, with its 95 % confidence band. */
export interface BalanceFigure {
  /** m³ */
  value: number;
  /** ± m³ at 95 % */
  plusMinus: number;
  /** ± % of the value at 95 % (null when the value is 0) */
  uncertainty: number | null;
  source: string;
}

/** The IWA water balance of a zone or of the utility over one period. */
export interface Balance {
  siv: BalanceFigure;
  billed: BalanceFigure;
  unbilled: BalanceFigure;
  authorised: BalanceFigure;
  apparent: BalanceFigure;
  meterUnderReg: BalanceFigure;
  theft: BalanceFigure;
  real: BalanceFigure;
  nrw: BalanceFigure;
  /** NRW / SIV, % */
  nrwRate: BalanceFigure;
  /** water losses / SIV, % (漏损率) */
  lossRate: BalanceFigure;
}

/** `GET /api/swp-dma/balance`: a zone's (or the utility's) balance for a DAY or a MONTH. */
export interface BalanceResult {
  dmaCode: string | null;
  dmaName: string;
  period: 'DAY' | 'MONTH';
  label: string;
  from: number;
  to: number;
  balance: Balance;
  /** readings present / expected over the zone's meters */
  coverage: number;
}
