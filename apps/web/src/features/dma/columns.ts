/** The columns of 免费用水登记 (list, search bar and dialog): zone, category, day, volume and remark. */
import { dmaApi, type Unbilled } from '../../api/dma';
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { zoneOptions } from './zones';

const CATEGORIES = ['flushing', 'fire', 'own', 'other'].map((v) => ({ label: `dma.categories.${v}`, value: v }));

export const unbilledColumns: CrudColumn<Unbilled>[] = [
  {
    prop: 'dmaCode',
    label: 'dma.zone',
    type: 'select',
    options: async () => zoneOptions(await dmaApi.zones()),
    search: true,
    required: 'dma.zoneRequired',
    width: 160,
  },
  {
    prop: 'category',
    label: 'dma.category',
    type: 'select',
    options: CATEGORIES,
    search: true,
    required: 'dma.categoryRequired',
    width: 120,
  },
  { prop: 'useDate', label: 'dma.useDate', type: 'date', required: 'dma.dateRequired', width: 120 },
  {
    prop: 'volume',
    label: 'dma.volume',
    type: 'number',
    min: 0.01,
    precision: 2,
    required: 'dma.volumeRequired',
    width: 120,
  },
  remarkColumn('dma.remark', { rows: 2 }),
];
