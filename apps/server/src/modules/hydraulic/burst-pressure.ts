/**
 * The reader the gis module shows on a burst event and on the crew's page: the latest finished burst what-if run on
 * that pipe (its summary: junctions and customers below the minimum, the low-pressure area).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import type { BurstPressure } from '../gis/index.ts';
import { hydraulicRun } from './schema.ts';

export async function latestBurstRun(
  ctx: AppContext,
  tenantId: string,
  pipeGid: number,
): Promise<BurstPressure | null> {
  const r = await ctx.db.execute<{
    id: string;
    finishTime: string | null;
    networkVersion: number;
    summary: Record<string, unknown> | string;
  }>(sql`
    select id::text as id, finish_time as "finishTime", network_version as "networkVersion", summary
    from swp_hydraulic_run
    where ${tenantSql(hydraulicRun, tenantId)} and state = 'done' and scenario->>'type' = 'burst'
      and scenario->>'pipeGid' = ${String(pipeGid)}
    order by finish_time desc limit 1`);
  const row = r.rows[0];
  if (!row) return null;
  const s = (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as {
    minPressure: number;
    newlyBelowCount: number;
    customerCount: number;
    customerPoints: number;
    area?: { areaM2: number; polygons: [number, number][][] };
  };
  return {
    runId: row.id,
    finishTime: row.finishTime,
    networkVersion: row.networkVersion,
    minPressure: s.minPressure,
    junctions: s.newlyBelowCount,
    customers: s.customerCount,
    customerPoints: s.customerPoints,
    areaM2: s.area?.areaM2 ?? 0,
    polygons: s.area?.polygons ?? [],
  };
}
