/**
 * The district metered areas burst detection watches, each with the flow and pressure series of its inlet meter.
 *
 * Today they come from the monitoring stations of type LL (流量监测点, district inlet meters: `location` names the
 * DMA). When the GIS module exports its DMAs with their inlet meters, this is the one place to switch over.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { monitorStation, seriesOf } from '../monitor/index.ts';

export interface Dma {
  tenantId: string;
  dmaCode: string;
  dmaName: string;
  stationId: string;
  stcd: string;
  flowSeriesId: number;
  pressureSeriesId: number | null;
  x: number | null;
  y: number | null;
  lgtd: number | null;
  lttd: number | null;
  address: string | null;
}

export async function listDmas(ctx: Pick<AppContext, 'db'>, tenantId?: string): Promise<Dma[]> {
  const stations = await ctx.db
    .select()
    .from(monitorStation)
    .where(
      and(
        eq(monitorStation.sttp, 'LL'),
        eq(monitorStation.isDeleted, 0),
        ...(tenantId ? [inTenant(monitorStation, tenantId)] : []),
      ),
    );
  if (!stations.length) return [];
  const series = await seriesOf(
    ctx,
    stations.map((s) => s.id),
  );
  const out: Dma[] = [];
  for (const s of stations) {
    const flow = series.find((x) => x.stationId === s.id && x.field === 'flow');
    if (!flow) continue;
    const pressure = series.find((x) => x.stationId === s.id && x.field === 'pressure');
    out.push({
      tenantId: s.tenantId,
      dmaCode: s.location || s.stcd,
      dmaName: s.stnm.replace(/进水口$/, ''),
      stationId: s.id,
      stcd: s.stcd,
      flowSeriesId: flow.id,
      pressureSeriesId: pressure?.id ?? null,
      x: s.x,
      y: s.y,
      lgtd: s.lgtd,
      lttd: s.lttd,
      address: s.address,
    });
  }
  return out.sort((a, b) => a.dmaCode.localeCompare(b.dmaCode));
}
