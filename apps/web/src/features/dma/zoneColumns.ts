/** The zone family's column schema for CrudPage: the table, the search form and the add/edit dialog. */
import type { Zone } from '../../api/dma';
import { type CrudColumn, type Option, remarkColumn, sortColumn } from '../../components/crud';

export function zoneColumns(parents: () => Promise<Option[]>): CrudColumn<Zone>[] {
  return [
    { prop: 'code', label: 'dma.code', search: true, required: 'dma.codeRequired', width: 120 },
    { prop: 'name', label: 'dma.name', search: true, required: 'dma.nameRequired', width: 160 },
    { prop: 'parentId', label: 'dma.parent', type: 'tree', options: parents, hide: true, defaultValue: '0' },
    { prop: 'population', label: 'dma.population', type: 'number', min: 0, precision: 0, defaultValue: 0, width: 100 },
    {
      prop: 'connections',
      label: 'dma.connections',
      type: 'number',
      min: 0,
      precision: 0,
      defaultValue: 0,
      width: 100,
    },
    { prop: 'mainLength', label: 'dma.mainLength', type: 'number', min: 0, precision: 2, defaultValue: 0, width: 100 },
    {
      prop: 'nightStart',
      label: 'dma.nightStart',
      type: 'number',
      min: 0,
      max: 23,
      precision: 0,
      defaultValue: 2,
      hide: true,
    },
    {
      prop: 'nightEnd',
      label: 'dma.nightEnd',
      type: 'number',
      min: 1,
      max: 24,
      precision: 0,
      defaultValue: 4,
      hide: true,
    },
    {
      prop: 'nightPerCapita',
      label: 'dma.nightPerCapita',
      type: 'number',
      min: 0,
      precision: 2,
      defaultValue: 1.7,
      hide: true,
    },
    {
      prop: 'nightPerConnection',
      label: 'dma.nightPerConnection',
      type: 'number',
      min: 0,
      precision: 2,
      defaultValue: 0.6,
      hide: true,
    },
    { prop: 'metersText', label: 'dma.meters', type: 'textarea', rows: 3, tip: 'dma.metersTip', hide: true },
    { prop: 'boundaryText', label: 'dma.boundary', type: 'textarea', rows: 3, tip: 'dma.boundaryTip', hide: true },
    { prop: 'valvesText', label: 'dma.boundaryValves', tip: 'dma.boundaryValvesTip', hide: true },
    sortColumn('dma.sort', { min: 0, precision: 0, defaultValue: 1, width: 80 }),
    remarkColumn('dma.remark', { rows: 2, hide: true }),
  ];
}

/** Row → form: the JSON fields as text. */
export function toForm(z: Partial<Zone>): Record<string, unknown> {
  return {
    ...z,
    metersText: z.meters?.length ? JSON.stringify(z.meters) : '',
    boundaryText: z.boundary ? JSON.stringify(z.boundary) : '',
    valvesText: (z.boundaryValves ?? []).join(','),
  };
}

/** Form → row; throws the field's name when its JSON does not parse. */
export function fromForm(v: Record<string, unknown>): Partial<Zone> {
  const parse = (field: string, text: unknown) => {
    const s = String(text ?? '').trim();
    if (!s) return null;
    try {
      return JSON.parse(s);
    } catch {
      throw new Error(field);
    }
  };
  const { metersText, boundaryText, valvesText, ...rest } = v;
  return {
    ...(rest as Partial<Zone>),
    parentId: String(rest.parentId ?? '0') || '0',
    meters: parse('meters', metersText) ?? [],
    boundary: parse('boundary', boundaryText),
    boundaryValves: String(valvesText ?? '')
      .split(/[,，\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
