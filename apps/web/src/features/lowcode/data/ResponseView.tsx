/** What an interface (or a report) answered: a summary, and the rows as a table or the whole answer as JSON. */
import { Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { emptyLocale } from '../../../components/crud';
import { keyColumns, tableRows } from './cells';
import { rowsIn } from './rows';

export function ResponseView({ data, ms }: { data: unknown; ms: number }) {
  const { t } = useTranslation();
  const isList = Array.isArray(data) || rowsIn(data).length > 0;
  const rows = tableRows(Array.isArray(data) ? data : rowsIn(data));
  const [view, setView] = useState<'table' | 'json'>(isList ? 'table' : 'json');
  return (
    <div data-testid="di-response">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {isList ? t('lowcode.di.answerSummary', { rows: rows.length, ms }) : t('lowcode.di.answerObject', { ms })}
        </Typography.Text>
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'table' | 'json')}
          options={[
            { value: 'table', label: t('lowcode.di.asTable'), disabled: !isList },
            { value: 'json', label: t('lowcode.di.asJson') },
          ]}
        />
      </Space>
      {view === 'table' ? (
        <Table<Row>
          size="small"
          bordered
          rowKey={(r) => String(rows.indexOf(r))}
          dataSource={rows}
          pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          locale={emptyLocale(t('crud.empty'))}
          columns={keyColumns(rows)}
        />
      ) : (
        <pre
          style={{
            maxHeight: 420,
            overflow: 'auto',
            margin: 0,
            padding: 12,
            background: 'var(--ant-color-fill-quaternary, #f5f5f5)',
            borderRadius: 6,
            fontSize: 12,
          }}
        >
          {JSON.stringify(data, null, 2)}
        </pre>
      )}
    </div>
  );
}
