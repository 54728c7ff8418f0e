/** Calls of the customer and water-meter register (`/api/swp-customer`). */
import { crudApi, type Row } from '../../api/crud';
import { xlsxImportApi } from '../../components/import/XlsxImportDialog';

export interface Customer extends Row {
  id: string;
  accountNo: string;
  customerName: string;
  address?: string | null;
  phone?: string | null;
  /** residential, commercial, industrial, public */
  customerType: string;
  /** billing's water category (dict-biz water_category) */
  waterCategory: number;
  dmaCode?: string | null;
  /** 1 正常, 2 暂停, 0 销户 */
  status: number;
}

export interface WaterMeter extends Row {
  id: string;
  meterNo: string;
  customerId: string;
  accountNo?: string;
  customerName?: string;
  caliber: number;
  meterType: string;
  gisCode?: string | null;
  installDate?: string | null;
  lastReadTime?: string | null;
  lastReading?: number | null;
  status: number;
}

export interface MeterReading extends Row {
  id: string;
  meterId: string;
  meterNo?: string;
  readTime: string;
  reading: number;
  consumption: number | null;
  replacement: number;
  remark?: string | null;
}

const B = '/api/swp-customer';
export const customerApi = crudApi<Customer>(`${B}/customer`);
export const meterApi = crudApi<WaterMeter>(`${B}/meter`);
export const readingApi = crudApi<MeterReading>(`${B}/reading`);
export const customerImportApi = xlsxImportApi(`${B}/customer/import`, '用户档案导入模板.xlsx');
export const meterImportApi = xlsxImportApi(`${B}/meter/import`, '水表档案导入模板.xlsx');
export const readingImportApi = xlsxImportApi(`${B}/reading/import`, '抄表记录导入模板.xlsx');
