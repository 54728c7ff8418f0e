/**
 * 用户档案 (营业收费 › 用户管理): the utility's customers — 户号, name, address, phone, type, the water category of the
 * billing tariffs, DMA and status; search by keyword (户号, name, address), type and status; xlsx import.
 */
import { customerApi, customerImportApi } from './api';
import { customerColumns } from './columns';
import { RegisterPage } from './RegisterPage';

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
