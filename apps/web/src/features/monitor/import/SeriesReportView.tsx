/** The dry run's report of a series import: per series the points, gaps and time span; every rejected value. */
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RejectedRows } from '../../../components/import/RejectedRows';
import type { SeriesReport } from './api';

export function SeriesReportView({
  report,
  stationName,
  skip,
  onSkip,
}: {
  report: SeriesReport;
  stationName: (stcd: string) => string;
  skip: boolean;
  onSkip: (skip: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="series-import-report">
      <Typography.Paragraph>
        {t('seriesImport.rows', { rows: report.rows, duplicates: report.duplicates })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="column"
        pagination={false}
        dataSource={report.series}
        columns={[
          { title: t('seriesImport.column'), dataIndex: 'column' },
          { title: t('seriesImport.station'), dataIndex: 'stcd', render: (v: string) => `${v} ${stationName(v)}` },
          {
            title: t('seriesImport.field'),
            dataIndex: 'field',
            render: (v: string, r) => (r.seriesId === null ? `${v} (${t('seriesImport.newSeries')})` : v),
          },
          { title: t('seriesImport.points'), dataIndex: 'points' },
          { title: t('seriesImport.empty'), dataIndex: 'empty' },
          { title: t('seriesImport.first'), dataIndex: 'first' },
          { title: t('seriesImport.last'), dataIndex: 'last' },
        ]}
      />
      {report.rejectedCount > 0 && (
        <RejectedRows
          title={t('seriesImport.rejected', { n: report.rejectedCount })}
          titleStyle={{ marginTop: 12 }}
          rows={report.rejected}
          rowKey={(r) => `${r.row}-${r.column}`}
          testId="series-import-rejected"
          columns={[
            { title: t('seriesImport.row'), dataIndex: 'row', width: 80 },
            { title: t('seriesImport.column'), dataIndex: 'column', width: 140 },
            { title: t('seriesImport.reason'), dataIndex: 'reason' },
          ]}
          skip={skip}
          skipLabel={t('seriesImport.skipRejected')}
          onSkip={onSkip}
        />
      )}
    </div>
  );
}
