/**
 * A model's text from the network rows (the gis module's `.inp` writer with the runnable defaults), its SHA-1 and
 * its counts: run in a worker thread by model.ts (pool.ts task `inp`), since for a large network it takes seconds.
 * The rows come as the gis module's JSON text chunks and are parsed here too, off the event loop.
 */
import { createHash } from 'node:crypto';
import { type InpOptions, inpText, type NetworkText, parseNetworkText } from '../gis/index.ts';

export type ModelText = { inp: string; hash: string; nodes: number; links: number };

/** Counts of nodes and links in the text's sections (for the list; the engine does not need them). */
function counts(inp: string) {
  let section = '';
  let nodes = 0;
  let links = 0;
  for (const raw of inp.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) section = line.toUpperCase();
    else if (line && !line.startsWith(';')) {
      if (['[JUNCTIONS]', '[RESERVOIRS]', '[TANKS]'].includes(section)) nodes++;
      else if (['[PIPES]', '[PUMPS]', '[VALVES]'].includes(section)) links++;
    }
  }
  return { nodes, links };
}

export function buildModelText(text: NetworkText, opts: InpOptions): ModelText {
  const inp = inpText(parseNetworkText(text), 'EPSG:4548', opts);
  return { inp, hash: createHash('sha1').update(inp).digest('hex'), ...counts(inp) };
}
