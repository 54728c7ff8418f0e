/** The report of an Excel import into a dynamic page: rows added, and the rows refused with their reasons. */
import type { LcImportReport } from '@swp/contract';
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

export function ImportReport({ report, onClose }: { report: LcImportReport | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!report} title={t('lowcode.dynamic.importReport')} onCancel={onClose} onOk={onClose} width={760}>
      {report && (
        <>
          <p data-testid="import-summary">
            {t('lowcode.dynamic.importSummary', {
              total: report.total,
              success: report.success,
              failed: report.failed,
            })}
          </p>
          <Table
            size="small"
            rowKey={(r) => `${r.row}:${r.field ?? ''}:${r.message}`}
            dataSource={report.errors}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('lowcode.dynamic.importRow'), dataIndex: 'row', width: 80 },
              { title: t('lowcode.dynamic.importField'), dataIndex: 'field', width: 160 },
              { title: t('lowcode.dynamic.importMessage'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
