/**
 * The tenant's pipe graph in memory, keyed by the network version in the database: every analysis checks the
 * version (one indexed row) and reloads the graph when another instance or a generator changed the network.
 */
import { sql } from 'drizzle-orm';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { buildGraph, type Graph, type NodeInput } from './analysis.ts';
import { gisNode, gisPipe } from './schema.ts';
import { networkVersion } from './store.ts';

interface Entry {
  version: number;
  graph: Promise<Graph>;
}

const cache = new Map<string, Entry>();

export async function loadGraph(db: Db, tenantId: string): Promise<Graph> {
  const nodes = await db.execute<{
    gid: number;
    kind: NodeInput['kind'];
    operable: number | null;
    normal_state: string | null;
  }>(
    sql`select gid, kind, operable, normal_state from swp_gis_node
        where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and kind in ('junction', 'valve', 'pump', 'source')`,
  );
  const pipes = await db.execute<{ gid: number; from_node: number; to_node: number }>(
    sql`select gid, from_node, to_node from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0`,
  );
  return buildGraph(
    nodes.rows.map((n) => ({
      gid: n.gid,
      kind: n.kind,
      operable: n.operable !== 0,
      closed: n.normal_state === 'closed',
    })),
    pipes.rows.map((p) => ({ gid: p.gid, from: p.from_node, to: p.to_node })),
  );
}

/** The graph of the tenant's current network and its version. */
export async function graphOf(db: Db, tenantId: string): Promise<{ graph: Graph; version: number }> {
  const version = await networkVersion(db, tenantId);
  let e = cache.get(tenantId);
  if (!e || e.version !== version) {
    e = { version, graph: loadGraph(db, tenantId) };
    cache.set(tenantId, e);
    e.graph.catch(() => cache.delete(tenantId));
  }
  return { graph: await e.graph, version };
}

/** Drops the cached graphs (tests, after writing a network in this process). */
export function dropGraphCache() {
  cache.clear();
}
