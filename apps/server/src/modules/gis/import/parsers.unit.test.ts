import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRows } from './build.ts';
import { parseGeoJson } from './geojson.ts';
import { parseInp } from './inp.ts';
import { lTownDir } from './ltown.ts';
import { parseShapefileZip, readDbf } from './shapefile.ts';
import { shapefileZip } from './shp-writer.ts';
import { codeDnLayer } from './test-helpers.ts';

const fixture = (f: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', f), 'utf8');
const local = { crs: 'local' as const, offsetX: 505_000, offsetY: 3_515_000 };

describe('EPANET .inp reader', () => {
  it('reads nodes, links and the hydraulic attributes of every section', async () => {
    const net = await parseInp(fixture('small.inp'));
    expect(net.rejected).toEqual([]);
    expect(net.nodes.map((n) => `${n.kind}:${n.id}`).sort()).toEqual(
      ['junction:J1', 'junction:J2', 'junction:J3', 'junction:J4', 'reservoir:R1', 'tank:T1'].sort(),
    );
    const j1 = net.nodes.find((n) => n.id === 'J1');
    expect(j1).toMatchObject({ x: 100, y: 100, elevation: 10 });
    expect(j1?.hydraulic).toMatchObject({
      demand: 1.5,
      pattern: 'P1',
      comment: 'PRESSURE SENSOR',
      demands: [
        { demand: 1.5, pattern: 'P1', category: 'Residential' },
        { demand: 0.2, pattern: null, category: 'Commercial' },
      ],
    });
    expect(net.nodes.find((n) => n.id === 'T1')?.hydraulic).toMatchObject({ initLevel: 3, maxLevel: 5, diameter: 12 });
    const p2 = net.links.find((l) => l.id === 'P2');
    expect(p2).toMatchObject({
      kind: 'pipe',
      from: 'J1',
      to: 'J2',
      length: 50.5,
      diameter: 200,
      vertices: [[150, 120]],
    });
    expect(p2?.hydraulic).toMatchObject({ roughness: 120, minorLoss: 0.2, status: 'Open' });
    expect(net.links.find((l) => l.id === 'V1')?.hydraulic).toMatchObject({
      valveType: 'PRV',
      setting: 30,
      initStatus: 'Open',
    });
    expect(net.links.find((l) => l.id === 'PU1')?.hydraulic).toMatchObject({ parameters: 'HEAD C1' });
    expect(net.model?.patterns.P1).toEqual([0.5, 0.8, 1.2, 1.4, 1.0, 0.6]);
    expect(net.model?.curves.C1).toEqual({ type: 'PUMP', points: [[10, 30]] });
    expect(net.model?.sections.OPTIONS).toEqual(['Units  LPS', 'Headloss  H-W']);
  });

  it('rejects bad lines with their line number and reason, and duplicate ids', async () => {
    const net = await parseInp(
      '[JUNCTIONS]\n J1 10\n J1 11\n J2 abc\n[PIPES]\n P1 J1 J2 ten 100 130\n[VALVES]\n V1 J1 J2 100 XYZ 1\n',
    );
    expect(net.rejected.map((r) => [r.row, r.id])).toEqual([
      [3, 'J1'],
      [4, 'J2'],
      [6, 'P1'],
      [8, 'V1'],
    ]);
    expect(net.rejected[0].reason).toContain('duplicate');
  });

  it('builds GIS rows: valves and pumps as points between connector pipes, warnings for zero lengths', async () => {
    const built = await buildRows(await parseInp(fixture('small.inp')), local);
    expect(built.rejected).toEqual([]);
    expect(built.counts).toMatchObject({ junctions: 4, reservoirs: 1, tanks: 1, pipes: 4, valves: 1, pumps: 1 });
    const v1 = built.nodes.find((n) => n.dno === 'V1');
    expect(v1).toMatchObject({
      kind: 'valve',
      x: 505_250,
      y: 3_515_150,
      operable: 1,
      normalState: 'open',
      subtype: 'prv',
    });
    expect(built.pipes.filter((p) => p.pipeClass === 'connector').map((p) => [p.dno, p.from, p.to])).toEqual([
      ['PU1#1', 'J3', 'PU1'],
      ['PU1#2', 'PU1', 'J4'],
      ['V1#1', 'J2', 'V1'],
      ['V1#2', 'V1', 'J4'],
    ]);
    expect(built.pipes.find((p) => p.dno === 'P2')?.coords).toEqual([
      [505_100, 3_515_100],
      [505_150, 3_515_120],
      [505_200, 3_515_100],
    ]);
    expect(built.warnings.filter((w) => w.type === 'zeroLength').map((w) => w.id)).toEqual(['P4']);
    // the same file gives the same fingerprints (what makes a second import change nothing)
    const again = await buildRows(await parseInp(fixture('small.inp')), local);
    expect(again.pipes.map((p) => p.sig)).toEqual(built.pipes.map((p) => p.sig));
  });

  it('refuses coordinates outside EPSG:4548 (a local file imported without an offset)', async () => {
    const built = await buildRows(await parseInp(fixture('small.inp')), { crs: 'EPSG:4548', offsetX: 0, offsetY: 0 });
    expect(built.nodes).toEqual([]);
    expect(built.rejected.some((r) => r.id === 'J1' && r.reason.includes('EPSG:4548'))).toBe(true);
    // pipes on rejected nodes are rejected too, naming the node
    expect(built.rejected.find((r) => r.id === 'P1')?.reason).toContain('R1');
  });

  const { dir } = lTownDir();
  it.skipIf(!dir)('reads L-TOWN.inp: 782 junctions, 905 pipes, 2 reservoirs, 1 tank, 1 pump, 3 valves', async () => {
    const net = await parseInp(fs.readFileSync(path.join(dir as string, 'L-TOWN.inp'), 'utf8'));
    expect(net.rejected).toEqual([]);
    const built = await buildRows(net, local);
    expect(built.rejected).toEqual([]);
    expect(built.counts).toMatchObject({ junctions: 782, pipes: 905, reservoirs: 2, tanks: 1, pumps: 1, valves: 3 });
    expect(net.model?.patterns['P-Residential']?.length).toBeGreaterThan(100);
    expect(net.model?.curves['1']?.points).toHaveLength(3);
    expect(net.nodes.find((n) => n.id === 'n1')?.hydraulic?.comment).toBe('AMR & PRESSURE SENSOR');
  });
});

describe('GeoJSON reader', () => {
  it('maps properties by their usual names, snaps pipe ends to points, rejects bad features', async () => {
    const built = await buildRows(await parseGeoJson(fixture('small.geojson')), {
      crs: 'EPSG:4326',
      offsetX: 0,
      offsetY: 0,
    });
    expect(built.counts).toMatchObject({ reservoirs: 1, junctions: 2, valves: 1, hydrants: 1, pipes: 3 });
    expect(built.nodes.find((n) => n.dno === 'V1')).toMatchObject({
      kind: 'valve',
      diameter: 300,
      normalState: 'open',
    });
    const l1 = built.pipes.find((p) => p.dno === 'L1');
    expect(l1).toMatchObject({ from: 'S1', to: 'N1', material: '球墨铸铁', installYear: 2005, diameter: 300 });
    expect(l1?.length).toBeGreaterThan(90);
    expect(l1?.length).toBeLessThan(100);
    // L3's far end has no point: a junction is generated and the pipe is reported dangling
    expect(built.pipes.find((p) => p.dno === 'L3')?.from).toBe('V1');
    expect(built.warnings.some((w) => w.type === 'dangling' && w.id === 'L3')).toBe(true);
    expect(built.rejected.map((r) => r.id).sort()).toEqual(['BAD', 'L4', 'NOGEOM']);
    expect(built.rejected.find((r) => r.id === 'L4')?.reason).toContain('diameter');
    expect(built.rejected.find((r) => r.id === 'BAD')?.reason).toContain('115.5');
  });

  it('refuses a file that is not a FeatureCollection', async () => {
    await expect(parseGeoJson('{"type":"Point"}')).rejects.toThrow('FeatureCollection');
    await expect(parseGeoJson('not json')).rejects.toThrow('JSON');
  });
});

describe('Shapefile reader', () => {
  const zip = shapefileZip([
    codeDnLayer(
      'pipes',
      'line',
      [
        {
          coords: [
            [0, 0],
            [50, 0],
            [100, 0],
          ],
          props: { CODE: 'GX1', DN: 200, MATERIAL: '球墨铸铁' },
        },
        {
          coords: [
            [100, 0],
            [100, 80],
          ],
          props: { CODE: 'GX2', DN: 150, MATERIAL: 'PE' },
        },
      ],
      [{ name: 'MATERIAL', type: 'C', length: 20 }],
    ),
    codeDnLayer('valves', 'point', [{ coords: [100, 0], props: { CODE: 'FM1', DN: 200 } }]),
  ]);

  it('reads point and line layers, the kind from the file name', async () => {
    const parsed = await parseShapefileZip(zip);
    expect(parsed.rejected).toEqual([]);
    const built = await buildRows(parsed, local);
    expect(built.counts).toMatchObject({ pipes: 2, valves: 1, junctions: 2 });
    expect(built.pipes.find((p) => p.dno === 'GX1')).toMatchObject({
      to: 'FM1',
      diameter: 200,
      material: '球墨铸铁',
      length: 100,
    });
    expect(built.pipes.find((p) => p.dno === 'GX1')?.coords).toHaveLength(3);
    expect(built.pipes.find((p) => p.dno === 'GX2')?.from).toBe('FM1');
  });

  it('refuses a file that is not a zip, or a zip without .shp', async () => {
    await expect(parseShapefileZip(new Uint8Array([1, 2, 3]))).rejects.toThrow('zip');
  });

  it('reads dBASE numbers and text', () => {
    const enc = new TextEncoder();
    const header = new Uint8Array(32 + 64 + 1);
    const v = new DataView(header.buffer);
    header[0] = 3;
    v.setUint32(4, 1, true);
    v.setUint16(8, header.length, true);
    v.setUint16(10, 1 + 6 + 4, true);
    header.set(enc.encode('NAME'), 32);
    header[32 + 11] = 'C'.charCodeAt(0);
    header[32 + 16] = 6;
    header.set(enc.encode('N'), 64);
    header[64 + 11] = 'N'.charCodeAt(0);
    header[64 + 16] = 4;
    header[96] = 0x0d;
    const rec = enc.encode(' 阀     12');
    const buf = new Uint8Array(header.length + rec.length);
    buf.set(header);
    buf.set(rec, header.length);
    const t = readDbf(buf);
    expect(t.fields.map((f) => f.name)).toEqual(['NAME', 'N']);
    expect(t.records[0]).toEqual({ NAME: '阀', N: 12 });
  });
});
