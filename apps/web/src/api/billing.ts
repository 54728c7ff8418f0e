/** Typed calls of `/api/swp-billing` (营业收费): the water tariffs (水价标准). */
import { crudApi, type Row } from './crud';

export interface Tariff extends Row {
  id: string;
  /** 用水类别 (dict-biz `water_category`): 1 居民生活用水, 2 非居民用水, 3 特种行业用水 */
  category: number;
  /** 阶梯 1..3 (residential only; otherwise 1) */
  tier: number;
  /** 年用水量, m³ (inclusive); volumeTo null: no upper bound */
  volumeFrom: number;
  volumeTo: number | null;
  /** 元/m³ */
  basePrice: number;
  sewageFee: number;
  resourceFee: number;
  /** 综合水价: computed by the server as the sum of the three fees */
  totalPrice: number;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** 1 在用, 0 停用 */
  status: number;
  remark?: string | null;
}

export const tariffApi = crudApi<Tariff>('/api/swp-billing/tariff');
