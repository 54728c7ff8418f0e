/**
 * The frame of the three registers (用户档案, 水表档案, 抄表记录): the register's CRUD list with its 导入 button (xlsx)
 * in the toolbar. The button's menu code is the list's permission + `_import`; the list reloads after an import.
 */
import type { CrudApi, Row } from '../../api/crud';
import { type CrudColumn, CrudPage } from '../../components/crud';
import type { XlsxImportApi } from '../../components/import/api';
import { XlsxImportButton } from '../../components/import/XlsxImportButton';

export function RegisterPage<T extends Row>({
  name,
  api,
  columnsOf,
  title,
  permission,
  importApi,
  importTitle,
  keyTitle,
}: {
  /** prefix of the test ids (`<name>-page`, `<name>-import`) */
  name: string;
  api: CrudApi<T>;
  columnsOf: (t: (k: string) => string) => CrudColumn<T>[];
  /** i18n keys of the list's title, the import dialog's title and its report's key column */
  title: string;
  permission: string;
  importApi: XlsxImportApi;
  importTitle: string;
  keyTitle: string;
}) {
  return (
    <CrudPage<T>
      api={api}
      columns={columnsOf}
      title={title}
      permission={permission}
      testId={`${name}-page`}
      toolbar={(h) => (
        <XlsxImportButton
          code={`${permission}_import`}
          api={importApi}
          label="customer.import"
          title={importTitle}
          keyTitle={keyTitle}
          testId={`${name}-import`}
          onApplied={h.reload}
        />
      )}
    />
  );
}
