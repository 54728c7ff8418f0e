/**
 * Logs written by the server itself (`/blade-log/usual|api|error`): browsable and searchable, read-only (view),
 * paged 20/50/100/500; the time filter is the time-range selector; the API log filters by duration with a
 * numeric range.
 */
import { Card, Form, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLogApi, errorLogApi, usualLogApi } from '../../api/log';
import { CrudPage, VIEW_ONLY_LIST } from '../../components/crud';
import { initialTimeRange, NumericRange, TimeRangeSelector } from '../../components/widgets';
import type { NumericRange as Range } from '../../lib/numericRange';
import type { TimeRangeValue } from '../../lib/timeRange';
import { type LogKind, logColumns } from './columns';

export type { LogKind };

const apis = { usual: usualLogApi, api: apiLogApi, error: errorLogApi };

export function LogPage({ kind }: { kind: LogKind }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TimeRangeValue>(initialTimeRange);
  const [duration, setDuration] = useState<Range>([]);
  const query = useMemo(() => {
    const q: Record<string, unknown> = {};
    if (range.major === 'customize') {
      q.createTime_datege = range.startTime;
      q.createTime_datele = range.endTime;
    }
    if (duration.length) {
      if (duration[0] !== null) q.time_ge = duration[0];
      if (duration[1] !== null) q.time_le = duration[1];
    }
    return q;
  }, [range, duration]);
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap align="center">
          <Form.Item label={t('log.createTime')} style={{ marginBottom: 0 }}>
            <TimeRangeSelector value={range} onChange={setRange} period={false} />
          </Form.Item>
          {kind === 'api' && (
            <Form.Item label={t('log.timeRange')} style={{ marginBottom: 0, width: 280 }}>
              <NumericRange value={duration} onChange={setDuration} precision={0} />
            </Form.Item>
          )}
        </Space>
      </Card>
      <CrudPage
        api={apis[kind]}
        columns={logColumns(kind)}
        title={`log.${kind}`}
        permission={`log_${kind}`}
        query={query}
        pageVariant="large"
        {...VIEW_ONLY_LIST}
        selection={false}
        dialogWidth={1000}
        actionWidth={90}
      />
    </>
  );
}

export const UsualLogPage = () => <LogPage kind="usual" />;
export const ApiLogPage = () => <LogPage kind="api" />;
export const ErrorLogPage = () => <LogPage kind="error" />;
