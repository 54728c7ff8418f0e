/** 水力模型: the model of the current network, the run button with its progress, and the latest run on the map. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Progress, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hydraulicApi } from '../../api/hydraulic';
import { usePermission } from '../../stores/session';
import { ResultView } from './ResultView';
import { useRun } from './useRun';

export default function ModelPage() {
  const { t } = useTranslation();
  const canRun = usePermission('hydraulic_run');
  const model = useQuery({ queryKey: ['hydraulic-model'], queryFn: hydraulicApi.model });
  const runs = useQuery({ queryKey: ['hydraulic-runs'], queryFn: hydraulicApi.runs });
  const { runId, setRunId, run, start } = useRun();
  // open on the latest finished run of the model as it is
  useEffect(() => {
    if (runId || !runs.data) return;
    const last = runs.data.find((r) => r.state === 'done' && (r.scenario?.type ?? 'base') === 'base');
    if (last) setRunId(last.id);
  }, [runs.data, runId, setRunId]);
  const current = model.data?.current;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size="large">
          {current && (
            <Descriptions size="small" column={3} style={{ minWidth: 420 }}>
              <Descriptions.Item label={t('hydraulic.version')}>{current.networkVersion}</Descriptions.Item>
              <Descriptions.Item label={t('hydraulic.nodes')}>{current.nodes}</Descriptions.Item>
              <Descriptions.Item label={t('hydraulic.links')}>{current.links}</Descriptions.Item>
            </Descriptions>
          )}
          {canRun && (
            <Button
              type="primary"
              data-testid="hydraulic-run"
              loading={run?.state === 'running'}
              onClick={() => start()}
            >
              {t('hydraulic.run')}
            </Button>
          )}
          {run && run.state !== 'done' && run.state !== 'failed' && (
            <Progress percent={run.progress} style={{ width: 200 }} data-testid="hydraulic-progress" />
          )}
          {run && <span data-testid="hydraulic-state">{t(`hydraulic.${run.state}`)}</span>}
        </Space>
      </Card>
      {run?.state === 'failed' && <Alert type="error" message={run.error} />}
      <Card size="small">
        {run?.state === 'done' ? (
          <ResultView runId={run.id} modelId={run.modelId} testId="model-result" />
        ) : (
          <Empty description={t('hydraulic.noRun')} />
        )}
      </Card>
    </Space>
  );
}
