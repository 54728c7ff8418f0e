/** The overview's report tables: the statistics by period and the people ranking. */
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReportRow, TaskJobUserRow } from '../../../api/patrol';

export const reportColumns = (t: TFunction): TableColumnsType<ReportRow> => [
  { title: t('patrol.overview.time'), dataIndex: 'time' },
  { title: t('patrol.overview.tasks'), dataIndex: 'tasks' },
  { title: t('patrol.overview.finished'), dataIndex: 'finished' },
  { title: t('patrol.overview.overdue'), dataIndex: 'overdue' },
  { title: t('patrol.overview.finishRate'), dataIndex: 'finishRate', render: (v) => `${v}%` },
  { title: t('patrol.overview.coverageRate'), dataIndex: 'coverageRate', render: (v) => `${v}%` },
  { title: t('patrol.overview.hazards'), dataIndex: 'hazards' },
  { title: t('patrol.overview.orders'), dataIndex: 'orders' },
  { title: t('patrol.overview.ordersFinished'), dataIndex: 'ordersFinished' },
];

export const peopleColumns = (t: TFunction): TableColumnsType<Omit<TaskJobUserRow, 'rank'>> => [
  { title: t('patrol.score.realName'), dataIndex: 'realName' },
  { title: t('patrol.score.deptName'), dataIndex: 'deptName' },
  { title: t('patrol.score.tasks'), dataIndex: 'tasks' },
  { title: t('patrol.score.finished'), dataIndex: 'finished' },
  { title: t('patrol.score.overdue'), dataIndex: 'overdue' },
  { title: t('patrol.score.coverageRate'), dataIndex: 'coverageRate', render: (v) => `${v}%` },
  { title: t('patrol.score.punctualityRate'), dataIndex: 'punctualityRate', render: (v) => `${v}%` },
  { title: t('patrol.score.score'), dataIndex: 'score' },
];
