/**
 * The layers of the GIS service (ArcGIS REST style): ids, names, geometry, fields with their aliases and the SQL
 * column each field reads. Point layers are views of `swp_gis_node` by kind.
 */
export type FieldType = 'esriFieldTypeOID' | 'esriFieldTypeInteger' | 'esriFieldTypeDouble' | 'esriFieldTypeString';

export interface FieldDef {
  name: string;
  alias: string;
  type: FieldType;
  /** column of the layer's table */
  column: string;
}

export interface LayerDef {
  id: number;
  /** stable key used by the web client, the mobile config and `{layer}/query` */
  key: string;
  name: string;
  nameEn: string;
  table: 'swp_gis_pipe' | 'swp_gis_node' | 'swp_gis_dma';
  /** for node layers: the kinds of swp_gis_node it shows */
  kinds?: string[];
  geometryType: 'esriGeometryPolyline' | 'esriGeometryPoint' | 'esriGeometryPolygon';
  displayField: string;
  fields: FieldDef[];
  /** identify order: higher first when `layers=top` (points over lines over areas) */
  drawOrder: number;
}

const f = (
  name: string,
  alias: string,
  type: FieldType,
  column = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
) => ({
  name,
  alias,
  type,
  column,
});

const I = 'esriFieldTypeInteger' as const;
const D = 'esriFieldTypeDouble' as const;
const S = 'esriFieldTypeString' as const;
const gid = f('gid', '编号(GID)', 'esriFieldTypeOID');
const dno = (alias: string) => f('dno', alias, S);

/**
 * A point layer: the features of `swp_gis_node` of one kind, the kind its key names (junction, valve, hydrant, …).
 */
const nodeLayer = (layer: Omit<LayerDef, 'table' | 'kinds' | 'geometryType'>): LayerDef => ({
  ...layer,
  table: 'swp_gis_node',
  kinds: [layer.key],
  geometryType: 'esriGeometryPoint',
});

export const LAYERS: LayerDef[] = [
  {
    id: 0,
    key: 'pipe',
    name: '给水管线',
    nameEn: 'Pipes',
    table: 'swp_gis_pipe',
    geometryType: 'esriGeometryPolyline',
    displayField: 'dno',
    drawOrder: 1,
    fields: [
      gid,
      dno('管线编号'),
      f('diameter', '管径(mm)', I),
      f('material', '材质', S),
      f('installYear', '敷设年代', I),
      f('length', '长度(m)', D),
      f('pressureZone', '压力分区', S),
      f('pipeClass', '管线类别', S),
      f('roadName', '所在道路', S),
      f('dmaCode', '所属分区', S),
      f('fromNode', '起点节点', I),
      f('toNode', '终点节点', I),
    ],
  },
  nodeLayer({
    id: 1,
    key: 'junction',
    name: '管网节点',
    nameEn: 'Junctions',
    displayField: 'dno',
    drawOrder: 2,
    fields: [gid, dno('节点编号'), f('elevation', '地面高程(m)', D), f('dmaCode', '所属分区', S)],
  }),
  nodeLayer({
    id: 2,
    key: 'valve',
    name: '阀门',
    nameEn: 'Valves',
    displayField: 'dno',
    drawOrder: 9,
    fields: [
      gid,
      dno('阀门编号'),
      f('diameter', '口径(mm)', I),
      f('operable', '可操作', I),
      f('normalState', '常态', S),
      f('subtype', '阀门类型', S),
      f('dmaCode', '所属分区', S),
    ],
  }),
  nodeLayer({
    id: 3,
    key: 'hydrant',
    name: '消火栓',
    nameEn: 'Hydrants',
    displayField: 'dno',
    drawOrder: 8,
    fields: [
      gid,
      dno('消火栓编号'),
      f('name', '名称', S),
      f('diameter', '口径(mm)', I),
      f('pipeGid', '所在管线', I),
      f('address', '地址', S),
    ],
  }),
  nodeLayer({
    id: 4,
    key: 'meter',
    name: '水表',
    nameEn: 'Meters',
    displayField: 'name',
    drawOrder: 7,
    fields: [
      gid,
      dno('水表编号'),
      f('name', '用户名称', S),
      f('subtype', '水表类型', S),
      f('diameter', '口径(mm)', I),
      f('customerCount', '用户数', I),
      f('criticalType', '重要用户类型', S),
      f('pipeGid', '所在管线', I),
      f('stationCode', '监测站编码', S),
      f('dmaCode', '所属分区', S),
      f('address', '地址', S),
    ],
  }),
  nodeLayer({
    id: 5,
    key: 'pump',
    name: '泵站',
    nameEn: 'Pumps',
    displayField: 'name',
    drawOrder: 10,
    fields: [
      gid,
      dno('泵站编号'),
      f('name', '名称', S),
      f('capacity', '功率(kW)', D),
      f('stationCode', '监测站编码', S),
    ],
  }),
  nodeLayer({
    id: 6,
    key: 'wq',
    name: '水质监测点',
    nameEn: 'Water-quality points',
    displayField: 'name',
    drawOrder: 10,
    fields: [
      gid,
      dno('监测点编号'),
      f('name', '名称', S),
      f('stationCode', '监测站编码', S),
      f('pipeGid', '所在管线', I),
    ],
  }),
  nodeLayer({
    id: 7,
    key: 'source',
    name: '水厂/水池',
    nameEn: 'Plants and tanks',
    displayField: 'name',
    drawOrder: 11,
    fields: [
      gid,
      dno('编号'),
      f('name', '名称', S),
      f('subtype', '类型', S),
      f('capacity', '规模(m³/d)', D),
      f('stationCode', '监测站编码', S),
    ],
  }),
  {
    id: 8,
    key: 'dma',
    name: 'DMA分区',
    nameEn: 'DMAs',
    table: 'swp_gis_dma',
    geometryType: 'esriGeometryPolygon',
    displayField: 'name',
    drawOrder: 0,
    fields: [
      gid,
      dno('分区编号'),
      f('name', '名称', S),
      f('stationCode', '进水口监测站', S),
      f('nightUse', '合法夜间用水(m³/h)', D),
    ],
  },
];

export function layerByRef(ref: string | number): LayerDef | undefined {
  const s = String(ref).trim();
  return /^\d+$/.test(s) ? LAYERS.find((l) => l.id === Number(s)) : LAYERS.find((l) => l.key === s);
}

/** The field of a layer by name, case-insensitive (ArcGIS clients send GID or gid). */
export function fieldOf(layer: LayerDef, name: string): FieldDef | undefined {
  const n = name.toLowerCase();
  return layer.fields.find((x) => x.name.toLowerCase() === n || x.column === n);
}
