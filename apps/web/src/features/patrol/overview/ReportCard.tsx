/** The statistics report: as lines, as a list by period, and the people ranking (paged on the server). */
import type { Page } from '@swp/contract';
import { Card, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportRow, TaskJobUserRow } from '../../../api/patrol';
import { serverPagination } from '../../../components/crud';
import { type ChartOption, PatrolChart } from '../PatrolChart';
import { peopleColumns, reportColumns } from './columns';

export function ReportCard({
  rows,
  lineOption,
  reportLoading,
  people,
  peoplePage,
  setPeoplePage,
}: {
  rows: ReportRow[];
  lineOption: ChartOption | null;
  reportLoading: boolean;
  people: { loading: boolean; data?: Page<Omit<TaskJobUserRow, 'rank'>> | null };
  peoplePage: { current: number; size: number };
  setPeoplePage(p: { current: number; size: number }): void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ marginTop: 12 }} data-testid="overview-report">
      <Tabs
        items={[
          {
            key: 'line',
            label: t('patrol.overview.reportLine'),
            children: <PatrolChart option={lineOption} height={300} testId="chart-reportLine" />,
          },
          {
            key: 'list',
            label: t('patrol.overview.reportList'),
            children: (
              <Table
                size="small"
                rowKey="time"
                loading={reportLoading}
                dataSource={rows}
                pagination={{ pageSize: 12, showSizeChanger: false }}
                data-testid="report-list"
                columns={reportColumns(t)}
              />
            ),
          },
          {
            key: 'people',
            label: t('patrol.overview.reportPage'),
            children: (
              <Table
                size="small"
                rowKey="userId"
                loading={people.loading}
                dataSource={people.data?.records ?? []}
                pagination={serverPagination(peoplePage, people.data?.total ?? 0, setPeoplePage)}
                columns={peopleColumns(t)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
