/**
 * 报表管理 (`/api/blade-report/report/rest`): reports whose rows come from a data interface. Search by name, paging,
 * add and edit (name, the interface, the title and the columns to show), 查看 (run it with the interface's
 * parameters and see the rows), delete after the confirmation.
 */
import { EyeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { reportApi } from '../../../api/lowcode';
import { CrudPage, RowButton } from '../../../components/crud';
import { reportPageColumns } from './columns';
import { ReportViewer } from './ReportViewer';
import { reportBody, reportForm } from './reports';

export default function ReportPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        api={reportApi}
        columns={reportPageColumns}
        title="lowcode.report.title"
        permission="report"
        testId="report-page"
        viewBtn={false}
        beforeOpen={async (mode, row) =>
          mode === 'add' ? {} : reportForm((await reportApi.detail(String(row!.id))) ?? row!)
        }
        beforeSubmit={(values, _mode, row) => reportBody(values, row)}
        rowActions={(row) => (
          <RowButton icon={<EyeOutlined />} onClick={() => setViewing(row)}>
            {t('lowcode.report.view')}
          </RowButton>
        )}
      />
      <ReportViewer report={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
