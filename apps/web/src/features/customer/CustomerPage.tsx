/**
 * 用户档案 (营业收费 › 用户管理): the utility's customers — 户号, name, address, phone, type, the water category of the
 * billing tariffs, DMA and status; search by keyword (户号, name, address), type and status; xlsx import.
 */
import { type CrudColumn, remarkColumn, statusColumn } from '../../components/crud';
import { type Customer, customerApi, customerImportApi } from './api';
import { RegisterPage } from './RegisterPage';

export const CUSTOMER_TYPES = ['residential', 'commercial', 'industrial', 'public'];

export function customerColumns(t: (k: string) => string): CrudColumn<Customer>[] {
  return [
    { prop: 'keyword', label: 'customer.keyword', search: true, display: false, hide: true },
    { prop: 'accountNo', label: 'customer.accountNo', required: 'customer.accountRequired', width: 130 },
    { prop: 'customerName', label: 'customer.customerName', required: 'customer.nameRequired', width: 200 },
    {
      prop: 'customerType',
      label: 'customer.customerType',
      type: 'select',
      options: CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customer.type.${v}`) })),
      required: 'customer.typeRequired',
      search: true,
      width: 100,
    },
    {
      prop: 'waterCategory',
      label: 'customer.waterCategory',
      type: 'select',
      dict: 'water_category',
      dictSource: 'dict-biz',
      numeric: true,
      width: 130,
    },
    { prop: 'address', label: 'customer.address', ellipsis: true, span: 24 },
    { prop: 'phone', label: 'customer.phone', width: 130 },
    { prop: 'dmaCode', label: 'customer.dmaCode', width: 100 },
    statusColumn('customer.status', 'customer.customerStatus', [1, 2, 0], t, {
      defaultValue: 1,
      search: true,
      width: 80,
    }),
    remarkColumn('customer.remark', { rows: 2, hide: true }),
  ];
}

export default function CustomerPage() {
  return (
    <RegisterPage
      name="customer"
      api={customerApi}
      columnsOf={customerColumns}
      title="customer.title"
      permission="customer_info"
      importApi={customerImportApi}
      importTitle="customer.importCustomers"
      keyTitle="customer.accountNo"
    />
  );
}
