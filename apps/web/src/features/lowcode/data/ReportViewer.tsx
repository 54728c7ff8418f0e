/**
 * 查看 a report: the parameters of its data interface, 查询 runs it (`report/rest/data`), and the rows show under the
 * report's title in its columns (every field when it names none).
 */
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { HttpError } from '../../../api/http';
import { dataInterfaceApi, reportApi } from '../../../api/lowcode';
import { useLoad } from '../../../lib/useLoad';
import { cellText, columnsOf, tableRows } from './cells';
import { callParams, paramsOf } from './interfaces';
import { ParamInputs } from './ParamInputs';
import { definitionOf, reportColumns } from './reports';
import { rowsIn } from './rows';

export function ReportViewer({ report, onClose }: { report: Row | null; onClose(): void }) {
  return (
    <Modal open={!!report} title={report?.name} width={1100} footer={null} onCancel={onClose} destroyOnHidden>
      {report && <ReportBody report={report} />}
    </Modal>
  );
}

function ReportBody({ report }: { report: Row }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ rows: Row[] } | { error: string }>();
  const def = definitionOf(report.content);
  const iface = useLoad(
    async () => (report.interfaceId ? await dataInterfaceApi.info(String(report.interfaceId)) : null),
    String(report.interfaceId ?? ''),
    !!report.interfaceId,
  );
  const params = paramsOf(iface.data?.parameterJson);

  const query = async () => {
    setBusy(true);
    try {
      const r = await reportApi.get<Row | null>('data', {
        id: report.id,
        ...callParams(params, form.getFieldsValue()),
      });
      const data = r?.rows;
      setAnswer({ rows: tableRows(Array.isArray(data) ? data : rowsIn(data)) });
    } catch (e) {
      setAnswer({ error: e instanceof HttpError ? e.message : t('lowcode.di.callFailed') });
    } finally {
      setBusy(false);
    }
  };

  if (!report.interfaceId) return <Alert type="warning" showIcon title={t('lowcode.report.noInterface')} />;
  const rows = answer && 'rows' in answer ? answer.rows : [];
  return (
    <div data-testid="report-view">
      <Form form={form} name="report-params" layout="vertical">
        <ParamInputs params={params} />
        <Button type="primary" icon={<SearchOutlined />} loading={busy} onClick={() => void query()}>
          {t('lowcode.report.run')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {!answer ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowcode.di.runHint')} />
        ) : 'error' in answer ? (
          <Alert type="error" showIcon title={t('lowcode.di.callFailed')} description={answer.error} />
        ) : (
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
      </div>
    </div>
  );
}
