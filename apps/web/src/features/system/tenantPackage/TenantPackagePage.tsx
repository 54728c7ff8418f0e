/**
 * Tenant packages (spec 1 §2.8, §5): search by package name; add, edit, delete and multi-delete, no view button;
 * columns package name, menu tree (multiple, hidden in the table), remark; page size 10. packageName required
 * ('please enter the package name'), menus required ('please select a menu'), the menu list joined with commas;
 * delete with nothing selected warns 'please select at least one data'.
 */
import { tenantPackageApi } from '../../../api/system';
import { CrudPage } from '../../../components/crud';
import { tenantPackageColumns } from './columns';

export default function TenantPackagePage() {
  return (
    <CrudPage
      api={tenantPackageApi}
      columns={tenantPackageColumns}
      title="tenantPackage.title"
      permission="tenantpackage"
      viewBtn={false}
      dialogWidth={700}
      texts={{ selectOne: 'tenantPackage.selectOne' }}
    />
  );
}
