/** 数据同步's result: while running its time and progress, then the server's report, or why it failed. */
import { Alert, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SyncReport } from './SyncReport';
import { percentOf } from './syncs';
import type { useSyncRun } from './useSyncRun';

type Run = ReturnType<typeof useSyncRun>;

export function SyncResult({ state, seconds, progress }: Pick<Run, 'state' | 'seconds' | 'progress'>) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 880, marginTop: 16 }} data-testid="sync-result">
      {state.phase === 'running' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('lowcode.sync.running', { table: state.table, s: seconds })} />
          {progress && (
            <Progress
              percent={percentOf(progress)}
              status="active"
              format={() => t('lowcode.sync.progress', { copied: progress.copied, total: progress.total })}
            />
          )}
        </Space>
      )}
      {state.phase === 'done' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="success" showIcon title={state.msg || t('lowcode.sync.done')} />
          <SyncReport report={state.report} />
        </Space>
      )}
      {state.phase === 'failed' && (
        <Alert type="error" showIcon title={t('lowcode.sync.failed')} description={state.error} />
      )}
    </div>
  );
}
