/** The columns of 水价标准 (list, search bar and dialog), with the tier and volume rules of the form. */
import type { FormRule } from 'antd';
import type { Tariff } from '../../api/billing';
import { type CrudColumn, remarkColumn } from '../../components/crud';

const RESIDENTIAL = 1;

export const TIER_OPTIONS = [
  { label: 'tariff.tier1', value: 1 },
  { label: 'tariff.tier2', value: 2 },
  { label: 'tariff.tier3', value: 3 },
];

export const STATUS_OPTIONS = [
  { label: 'tariff.inUse', value: 1 },
  { label: 'tariff.stopped', value: 0 },
];

const blank = (v: unknown) => v === null || v === undefined || v === '';

export function tariffColumns(t: (key: string) => string): CrudColumn<Tariff>[] {
  const tierRule: FormRule = ({ getFieldValue }) => ({
    validator: (_r, tier) =>
      blank(tier) || tier === 1 || getFieldValue('category') === RESIDENTIAL
        ? Promise.resolve()
        : Promise.reject(new Error(t('tariff.tierOnlyResidential'))),
  });
  const volumeRule: FormRule = ({ getFieldValue }) => ({
    validator: (_r, to) => {
      const from = getFieldValue('volumeFrom');
      return blank(to) || blank(from) || Number(to) > Number(from)
        ? Promise.resolve()
        : Promise.reject(new Error(t('tariff.volumeOrder')));
    },
  });
  return [
    {
      prop: 'category',
      label: 'tariff.category',
      type: 'select',
      dict: 'water_category',
      dictSource: 'dict-biz',
      numeric: true,
      search: true,
      required: 'tariff.categoryRequired',
      width: 130,
    },
    {
      prop: 'tier',
      label: 'tariff.tier',
      type: 'select',
      options: TIER_OPTIONS,
      defaultValue: 1,
      required: 'tariff.tierRequired',
      rules: [tierRule],
      width: 100,
    },
    {
      prop: 'volumeFrom',
      label: 'tariff.volumeFrom',
      type: 'number',
      min: 0,
      max: 99_999_999,
      precision: 0,
      defaultValue: 0,
      required: 'tariff.volumeFromRequired',
      width: 130,
    },
    {
      prop: 'volumeTo',
      label: 'tariff.volumeTo',
      type: 'number',
      min: 1,
      max: 99_999_999,
      precision: 0,
      tip: 'tariff.volumeToTip',
      rules: [volumeRule],
      render: (v) => (blank(v) ? t('tariff.unbounded') : String(v)),
      width: 130,
    },
    { prop: 'basePrice', label: 'tariff.basePrice', type: 'amount', required: 'tariff.basePriceRequired', width: 120 },
    { prop: 'sewageFee', label: 'tariff.sewageFee', type: 'amount', required: 'tariff.sewageFeeRequired', width: 130 },
    {
      prop: 'resourceFee',
      label: 'tariff.resourceFee',
      type: 'amount',
      required: 'tariff.resourceFeeRequired',
      width: 130,
    },
    {
      prop: 'totalPrice',
      label: 'tariff.totalPrice',
      type: 'calc',
      formula: 'basePrice + sewageFee + resourceFee',
      chinese: true,
      precision: 2,
      tip: 'tariff.totalTip',
      width: 130,
    },
    {
      prop: 'effectiveDate',
      label: 'tariff.effectiveDate',
      type: 'date',
      required: 'tariff.effectiveDateRequired',
      width: 120,
    },
    {
      prop: 'status',
      label: 'tariff.status',
      type: 'radio',
      options: STATUS_OPTIONS,
      defaultValue: 1,
      search: true,
      required: 'tariff.statusRequired',
      width: 80,
    },
    remarkColumn('tariff.remark', { rows: 2, hide: true }),
  ];
}
