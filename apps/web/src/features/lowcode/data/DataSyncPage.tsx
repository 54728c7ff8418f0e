/**
 * 数据同步 (`POST /api/system/DataSync/Actions/Execute`): copies a table of one connection into a table of another,
 * in batches, by the columns both have. Pick the source connection and table, the target connection (never the
 * console's own database) and table (the source's name by default), the batch size and whether to empty the target
 * first (asked again before it runs); the run shows its time and progress, then the server's report.
 */
import { SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { validValues } from '../../../lib/validValues';
import { OWN_DB, SourceSelect, useSources } from './SourceSelect';
import { SyncResult } from './SyncResult';
import { sameTable, syncBody } from './syncs';
import { TableInput } from './TableInput';
import { useSyncRun } from './useSyncRun';

export default function DataSyncPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const { sources } = useSources();
  const from = Form.useWatch('dbLinkFrom', form);
  const to = Form.useWatch('dbLinkTo', form);
  const { state, seconds, progress, run } = useSyncRun(t('lowcode.sync.failed'));
  const running = state.phase === 'running';

  const start = async () => {
    const v = await validValues<Row>(form);
    if (!v) return;
    const body = syncBody(v);
    if (!v.clearTarget) return void run(body);
    modal.confirm({
      title: t('lowcode.sync.confirmTitle'),
      content: t('lowcode.sync.confirmClear', { table: body.toTable ?? body.table }),
      okText: t('crud.ok'),
      okButtonProps: { danger: true },
      cancelText: t('crud.cancel'),
      onOk: () => void run(body),
    });
  };

  return (
    <div data-testid="data-sync-page">
      <Card size="small" style={{ maxWidth: 880 }}>
        <Alert type="info" showIcon title={t('lowcode.sync.note')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          name="data-sync"
          labelCol={{ flex: '120px' }}
          initialValues={{ batchSize: 500, clearTarget: false }}
          disabled={running}
        >
          <Form.Item
            name="dbLinkFrom"
            label={t('lowcode.sync.from')}
            rules={[{ required: true, message: t('lowcode.sync.fromRequired') }]}
          >
            <SourceSelect sources={sources} onChange={() => form.setFieldValue('table', undefined)} />
          </Form.Item>
          <Form.Item
            name="table"
            label={t('lowcode.sync.table')}
            rules={[{ required: true, whitespace: true, message: t('lowcode.sync.tableRequired') }]}
          >
            <TableInput dbLinkId={from} />
          </Form.Item>
          <Form.Item
            name="dbLinkTo"
            label={t('lowcode.sync.to')}
            extra={t('lowcode.sync.targetNote')}
            rules={[{ required: true, message: t('lowcode.sync.toRequired') }]}
          >
            <SourceSelect sources={sources} exclude={[OWN_DB]} />
          </Form.Item>
          <Form.Item
            name="toTable"
            label={t('lowcode.sync.targetTable')}
            dependencies={['dbLinkFrom', 'dbLinkTo', 'table']}
            rules={[
              ({ getFieldsValue }) => ({
                validator: async () => {
                  if (sameTable(getFieldsValue(true))) throw new Error(t('lowcode.sync.sameTable'));
                },
              }),
            ]}
          >
            <TableInput dbLinkId={to} placeholder={t('lowcode.sync.targetTip')} />
          </Form.Item>
          <Form.Item name="batchSize" label={t('lowcode.sync.batchSize')}>
            <InputNumber min={1} max={5000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="clearTarget" label={t('lowcode.sync.truncate')} valuePropName="checked">
            <Checkbox />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button
              type="primary"
              icon={<SyncOutlined spin={running} />}
              loading={running}
              onClick={() => void start()}
            >
              {t('lowcode.sync.execute')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <SyncResult state={state} seconds={seconds} progress={progress} />
    </div>
  );
}
