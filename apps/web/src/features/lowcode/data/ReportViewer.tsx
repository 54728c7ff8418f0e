/**
 * 查看 a report: the parameters of its data interface, 查询 runs it (`report/rest/data`), and the rows show under the
 * report's title in its columns (every field when it names none). It runs the interface as 调用 does (CallPanel).
 */
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi, reportApi } from '../../../api/lowcode';
import { RowModal } from '../../../components/RowModal';
import { useLoad } from '../../../lib/useLoad';
import { cellText, columnsOf, tableRows } from './cells';
import { paramsOf } from './interfaces';
import { definitionOf, reportColumns } from './reports';
import { rowsIn } from './rows';
import { CallPanel } from './TryInterfaceDialog';

export function ReportViewer({ report, onClose }: { report: Row | null; onClose(): void }) {
  return (
    <RowModal row={report} title={(r) => r.name} width={1100} onClose={onClose}>
      {(r) => <ReportBody report={r} />}
    </RowModal>
  );
}

function ReportBody({ report }: { report: Row }) {
  const { t } = useTranslation();
  const def = definitionOf(report.content);
  const iface = useLoad(
    async () => (report.interfaceId ? await dataInterfaceApi.info(String(report.interfaceId)) : null),
    String(report.interfaceId ?? ''),
    !!report.interfaceId,
  );
  const params = paramsOf(iface.data?.parameterJson);

  const query = async (given: Row) => {
    const r = await reportApi.get<Row | null>('data', { id: report.id, ...given });
    const data = r?.rows;
    return tableRows(Array.isArray(data) ? data : rowsIn(data));
  };

  if (!report.interfaceId) return <Alert type="warning" showIcon title={t('lowcode.report.noInterface')} />;
  return (
    <div data-testid="report-view">
      <CallPanel
        formName="report-params"
        params={params}
        icon={<SearchOutlined />}
        label={t('lowcode.report.run')}
        call={query}
      >
        {(rows) => (
          <>
            <Typography.Title level={5} style={{ textAlign: 'center' }}>
              {def?.title || report.name}
            </Typography.Title>
            <Table<Row>
              size="small"
              bordered
              rowKey={(r) => String(rows.indexOf(r))}
              dataSource={rows}
              pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              footer={() => t('lowcode.report.rowCount', { rows: rows.length })}
              columns={reportColumns(def, columnsOf(rows)).map((c) => ({
                title: c.label,
                dataIndex: c.prop,
                key: c.prop,
                render: (v: unknown) => cellText(v),
              }))}
            />
          </>
        )}
      </CallPanel>
    </div>
  );
}
