/** Calls of the customer and water-meter register (`/api/swp-customer`). */
import type { CustomerRow, MeterReadingRow, WaterMeterRow } from '@swp/contract';
import { crudApi, type Row } from '../../api/crud';
import { xlsxImportApi } from '../../components/import/XlsxImportDialog';

/** Rows as the server sends them: generated from the tables (packages/contract/src/rows.ts), with the names the
 * server joins in. */
export type Customer = CustomerRow & Row;

export type WaterMeter = WaterMeterRow & Row & { accountNo?: string; customerName?: string };

export type MeterReading = MeterReadingRow & Row & { meterNo?: string };

const B = '/api/swp-customer';
export const customerApi = crudApi<Customer>(`${B}/customer`);
export const meterApi = crudApi<WaterMeter>(`${B}/meter`);
export const readingApi = crudApi<MeterReading>(`${B}/reading`);
export const customerImportApi = xlsxImportApi(`${B}/customer/import`, '用户档案导入模板.xlsx');
export const meterImportApi = xlsxImportApi(`${B}/meter/import`, '水表档案导入模板.xlsx');
export const readingImportApi = xlsxImportApi(`${B}/reading/import`, '抄表记录导入模板.xlsx');
