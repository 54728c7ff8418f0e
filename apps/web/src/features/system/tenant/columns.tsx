/** The columns of 租户管理 (TenantPage): the list, the search bar and the dialog's fields; the package options. */
import { rowsOf } from '../../../api/crud';
import { type Tenant, tenantPackageApi } from '../../../api/system';
import type { CrudColumn, Option } from '../../../components/crud';
import { AddressCascader } from '../../../components/widgets';

/** The tenant packages as options, for the package field and the settings dialog. */
export const packages = async (): Promise<Option[]> =>
  rowsOf(await tenantPackageApi.page({ current: 1, size: 500 })).records.map((p) => ({
    label: p.packageName,
    value: String(p.id),
  }));

export const tenantColumns: CrudColumn<Tenant>[] = [
  {
    prop: 'tenantId',
    label: 'tenant.tenantId',
    search: true,
    editDisabled: true,
    tip: 'tenant.tenantIdTip',
    width: 100,
  },
  { prop: 'tenantName', label: 'tenant.tenantName', search: true, required: 'tenant.nameRequired' },
  { prop: 'linkman', label: 'tenant.linkman', search: true },
  { prop: 'contactNumber', label: 'tenant.contactNumber' },
  {
    prop: 'address',
    label: 'tenant.address',
    span: 24,
    component: () => <AddressCascader names />,
  },
  { prop: 'domainUrl', label: 'tenant.domainUrl', span: 24 },
  { prop: 'backgroundUrl', label: 'tenant.backgroundUrl', span: 24, hide: true },
  {
    prop: 'accountNumber',
    label: 'tenant.accountNumber',
    type: 'number',
    min: -1,
    tip: 'tenant.accountTip',
    render: (v: number) => (v === -1 || v === null || v === undefined ? '∞' : v),
  },
  { prop: 'expireTime', label: 'tenant.expireTime', type: 'datetime' },
  { prop: 'packageId', label: 'tenant.packageId', type: 'select', options: packages, hide: true },
  { prop: 'packageName', label: 'tenant.packageId', display: false },
];
