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
