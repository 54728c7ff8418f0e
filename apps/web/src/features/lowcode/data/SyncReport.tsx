/** The report of a finished sync: rows in the source, rows copied, batches, time, the columns copied and skipped. */
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';

export function SyncReport({ report }: { report: Row }) {
  const { t } = useTranslation();
  const tags = (list: unknown, color?: string) =>
    Array.isArray(list) && list.length ? (
      <Space size={[0, 4]} wrap>
        {list.map((c) => (
          <Tag key={String(c)} color={color}>
            {String(c)}
          </Tag>
        ))}
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('lowcode.sync.none')}</Typography.Text>
    );
  return (
    <Descriptions
      data-testid="sync-report"
      bordered
      size="small"
      column={2}
      title={t('lowcode.sync.report')}
      items={[
        { key: 'table', label: t('lowcode.sync.table'), children: report.table },
        { key: 'toTable', label: t('lowcode.sync.targetTable'), children: report.toTable },
        { key: 'total', label: t('lowcode.sync.total'), children: report.total },
        { key: 'copied', label: t('lowcode.sync.copied'), children: report.copied },
        { key: 'batches', label: t('lowcode.sync.batches'), children: report.batches },
        {
          key: 'duration',
          label: t('lowcode.sync.duration'),
          children: t('lowcode.sync.seconds', { s: (Number(report.durationMs ?? 0) / 1000).toFixed(1) }),
        },
        { key: 'columns', label: t('lowcode.sync.columns'), span: 2, children: tags(report.columns, 'blue') },
        { key: 'skipped', label: t('lowcode.sync.skipped'), span: 2, children: tags(report.skippedColumns) },
      ]}
    />
  );
}
