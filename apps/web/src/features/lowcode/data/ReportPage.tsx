/**
 * 报表管理 (`/api/blade-report/report/rest`): reports whose rows come from a data interface. Search by name, paging,
 * add and edit (name, the interface, the title and the columns to show), 查看 (run it with the interface's
 * parameters and see the rows), delete after the confirmation.
 */
import { EyeOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi, reportApi } from '../../../api/lowcode';
import { type CrudColumn, CrudPage, RowButton, remarkColumn } from '../../../components/crud';
import { ReportViewer } from './ReportViewer';
import { reportBody, reportForm } from './reports';
import { rowsIn } from './rows';

const interfaceOptions = async () =>
  rowsIn(await dataInterfaceApi.choices()).map((r) => ({
    label: `${r.fullName} (${r.enCode})`,
    value: String(r.id),
  }));

const columns: CrudColumn[] = [
  { prop: 'name', label: 'lowcode.report.name', search: true, required: 'lowcode.report.nameRequired' },
  {
    prop: 'interfaceId',
    label: 'lowcode.report.interface',
    type: 'select',
    options: interfaceOptions,
    tip: 'lowcode.report.interfaceTip',
  },
  { prop: 'title', label: 'lowcode.report.reportTitle', hide: true, tip: 'lowcode.report.reportTitleTip' },
  {
    prop: 'columns',
    label: 'lowcode.report.columns',
    hide: true,
    span: 12,
    tip: 'lowcode.report.columnsTip',
    component: ({ disabled }) => <Select mode="tags" disabled={disabled} tokenSeparators={[',', ' ']} open={false} />,
  },
  remarkColumn('lowcode.report.remark'),
  { prop: 'updateTime', label: 'lowcode.report.modified', display: false },
];

export default function ReportPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        api={reportApi}
        columns={columns}
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
