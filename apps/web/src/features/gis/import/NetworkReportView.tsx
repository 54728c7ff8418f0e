/** The dry run's report of a network import: counts per kind, changes, every rejected row and every warning. */
import { Descriptions, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportRows } from '../../../components/import/ReportRows';
import type { NetworkReport } from './api';

export function NetworkReportView({ report: r }: { report: NetworkReport }) {
  const { t } = useTranslation();
  const counts = ['junctions', 'pipes', 'valves', 'pumps', 'tanks', 'reservoirs', 'hydrants', 'meters'] as const;
  return (
    <div data-testid="net-import-report">
      <Descriptions size="small" bordered column={8} title={t('netImport.counts')} style={{ marginBottom: 8 }}>
        {counts.map((k) => (
          <Descriptions.Item key={k} label={t(`netImport.${k}`)}>
            <span data-testid={`net-count-${k}`}>{r[k]}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Descriptions size="small" bordered column={4} title={t('netImport.changes')} style={{ marginBottom: 8 }}>
        {(['inserted', 'updated', 'unchanged', 'deleted'] as const).map((k) => (
          <Descriptions.Item key={k} label={t(`netImport.${k}`)}>
            <span data-testid={`net-change-${k}`}>{r[k]}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Tabs
        size="small"
        items={[
          {
            key: 'rejected',
            label: t('netImport.rejected', { n: r.rejectedCount }),
            children: (
              <ReportRows
                rowKey={(x) => `${x.row}-${x.id}-${x.reason}`}
                rows={r.rejected}
                testId="net-import-rejected"
                columns={[
                  { title: t('netImport.row'), dataIndex: 'row', width: 80 },
                  { title: t('netImport.id'), dataIndex: 'id', width: 140 },
                  { title: t('netImport.reason'), dataIndex: 'reason' },
                ]}
              />
            ),
          },
          {
            key: 'warnings',
            label: t('netImport.warnings', { n: r.warningCount }),
            children: (
              <ReportRows
                rowKey={(x) => `${x.type}-${x.id}-${x.message}`}
                rows={r.warnings}
                columns={[
                  { title: t('netImport.type'), dataIndex: 'type', width: 110 },
                  { title: t('netImport.id'), dataIndex: 'id', width: 140 },
                  { title: t('netImport.message'), dataIndex: 'message' },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
