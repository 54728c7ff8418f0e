/** 水力模型: the model of the current network, the run button with its progress, and the latest run on the map. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Progress, Space, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hydraulicApi } from '../../api/hydraulic';
import { usePermission } from '../../stores/session';
import { Calibration } from './Calibration';
import { ResultView } from './ResultView';
import { useRun } from './useRun';

/** how often the screen asks again while the model is being built */
export const BUILD_POLL_MS = 2000;

export default function ModelPage() {
  const { t } = useTranslation();
  const canRun = usePermission('hydraulic_run');
  // a first build of a big network outlasts one request: the server answers how far it is, asked again until done
  const model = useQuery({
    queryKey: ['hydraulic-model'],
    queryFn: hydraulicApi.model,
    refetchInterval: (q) => (q.state.data?.building ? BUILD_POLL_MS : false),
  });
  const runs = useQuery({ queryKey: ['hydraulic-runs'], queryFn: hydraulicApi.runs });
  const { runId, setRunId, run, start } = useRun();
  // open on the latest finished run of the model as it is
  useEffect(() => {
    if (runId || !runs.data) return;
    const last = runs.data.find((r) => r.state === 'done' && (r.scenario?.type ?? 'base') === 'base');
    if (last) setRunId(last.id);
  }, [runs.data, runId, setRunId]);
  const current = model.data?.current;
  const building = model.data?.building;
  const demands = model.data?.demands;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size="large">
          {current && (
            <Descriptions size="small" column={3} style={{ minWidth: 420 }}>
              <Descriptions.Item label={t('hydraulic.version')}>{current.networkVersion}</Descriptions.Item>
              <Descriptions.Item label={t('hydraulic.nodes')}>{current.nodes}</Descriptions.Item>
              <Descriptions.Item label={t('hydraulic.links')}>{current.links}</Descriptions.Item>
              {demands && demands.meters > 0 && (
                <Descriptions.Item label={t('hydraulic.calib.demands')} span={3}>
                  <span data-testid="hydraulic-demands">
                    {t('hydraulic.calib.demandsText', {
                      reads: demands.fromReads,
                      dma: demands.fromDma,
                      def: demands.byDefault,
                    })}
                  </span>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
          {building && (
            <Space data-testid="hydraulic-building">
              <span>{t('hydraulic.building', { stage: t(`hydraulic.stage_${building.stage}`) })}</span>
              <Progress percent={building.progress} style={{ width: 200 }} />
            </Space>
          )}
          {canRun && (
            <Button
              type="primary"
              data-testid="hydraulic-run"
              loading={run?.state === 'running'}
              disabled={!current}
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
          <Tabs
            items={[
              {
                key: 'result',
                label: t('hydraulic.calib.result'),
                children: <ResultView runId={run.id} modelId={run.modelId} testId="model-result" />,
              },
              {
                key: 'calibration',
                label: t('hydraulic.calib.tab'),
                children: <Calibration runId={run.id} />,
              },
            ]}
          />
        ) : (
          <Empty description={t('hydraulic.noRun')} />
        )}
      </Card>
    </Space>
  );
}
