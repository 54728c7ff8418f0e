/**
 * 导入管网: choose a file (.inp, GeoJSON, zipped Shapefile), its coordinate system and the mode, run a dry run and
 * read the report (counts, changes, warnings, every rejected row), then import. While the server works, its stage
 * and rows written are polled and shown. After an import the map reloads and shows the network.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Form,
  InputNumber,
  Modal,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JobProgress, type NetworkImportParams, type NetworkReport, networkImportApi } from './api';

type Settings = Omit<NetworkImportParams, 'dryRun' | 'jobId' | 'skipRejected'>;

const formatOf = (name: string): Settings['format'] =>
  /\.inp$/i.test(name) ? 'inp' : /\.zip$/i.test(name) ? 'shapefile' : 'geojson';

/** L-Town's documented offset (docs/import.md) is the default for local coordinates */
const DEFAULT_OFFSET = { offsetX: 505000, offsetY: 3515000 };

export function NetworkImportDialog({
  open,
  onClose,
  onApplied,
}: {
  open: boolean;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<NetworkReport | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<JobProgress | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const crs = Form.useWatch('crs', form);

  useEffect(
    () => () => {
      if (poll.current) clearInterval(poll.current);
    },
    [],
  );

  const reset = () => {
    setReport(null);
    setChecked(null);
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    const s = await form.validateFields();
    const jobId = `net-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    setBusy(true);
    setJob({ stage: 'upload', done: 0, total: 0, finished: false });
    poll.current = setInterval(() => {
      void networkImportApi
        .progress(jobId)
        .then((p) => p.stage !== 'unknown' && setJob(p))
        .catch(() => {});
    }, 700);
    try {
      const env = await networkImportApi.run(file, {
        ...s,
        ...(s.crs === 'local' ? {} : { offsetX: undefined, offsetY: undefined }),
        dryRun,
        skipRejected: skip,
        jobId,
      });
      setReport(env.data);
      if (dryRun) setChecked(JSON.stringify([file.name, file.size, s]));
      else {
        const r = env.data;
        message.success(
          r.applied
            ? t('netImport.applied', { inserted: r.inserted, updated: r.updated, deleted: r.deleted })
            : t('netImport.nothing'),
        );
        onApplied();
      }
    } catch {
      // the error toast came from the client
    } finally {
      if (poll.current) clearInterval(poll.current);
      poll.current = null;
      setBusy(false);
      setJob(null);
    }
  };

  const current = file ? JSON.stringify([file.name, file.size, form.getFieldsValue()]) : null;
  const canApply = !!report && checked !== null && checked === current && (report.rejectedCount === 0 || skip);
  const pct = job && job.total > 0 ? Math.round((100 * job.done) / job.total) : undefined;

  return (
    <Modal
      open={open}
      title={t('netImport.title')}
      width={960}
      onCancel={busy ? undefined : onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
          <Button
            onClick={() => void run(true)}
            disabled={!file || busy}
            loading={busy && !canApply}
            data-testid="net-import-dry"
          >
            {t('netImport.dryRun')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run(false)}
            disabled={!canApply || busy}
            data-testid="net-import-apply"
          >
            {t('netImport.apply')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ format: 'inp', crs: 'EPSG:4548', mode: 'merge', ...DEFAULT_OFFSET }}
        onValuesChange={reset}
        style={{ rowGap: 12, marginBottom: 12 }}
      >
        <Form.Item label={t('netImport.file')} required>
          <Upload
            accept=".inp,.geojson,.json,.zip"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              form.setFieldsValue({
                format: formatOf(f.name),
                ...(formatOf(f.name) === 'inp' ? { crs: 'local' } : {}),
              });
              reset();
              return false;
            }}
            onRemove={() => {
              setFile(null);
              reset();
            }}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="net-import-file">
              {t('netImport.pick')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="format" label={t('netImport.format')}>
          <Select
            style={{ width: 150 }}
            options={[
              { value: 'inp', label: 'EPANET .inp' },
              { value: 'geojson', label: 'GeoJSON' },
              { value: 'shapefile', label: 'Shapefile (.zip)' },
            ]}
          />
        </Form.Item>
        <Form.Item name="crs" label={t('netImport.crs')}>
          <Select
            style={{ width: 280 }}
            data-testid="net-import-crs"
            options={[
              { value: 'EPSG:4548', label: 'EPSG:4548 CGCS2000 / 117°E' },
              { value: 'EPSG:4490', label: 'EPSG:4490 CGCS2000 经纬度' },
              { value: 'EPSG:4326', label: 'EPSG:4326 WGS84 经纬度' },
              { value: 'local', label: t('netImport.local') },
            ]}
          />
        </Form.Item>
        {crs === 'local' && (
          <>
            <Form.Item name="offsetX" label={t('netImport.offsetX')} rules={[{ required: true }]}>
              <InputNumber style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="offsetY" label={t('netImport.offsetY')} rules={[{ required: true }]}>
              <InputNumber style={{ width: 130 }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="mode" label={t('netImport.mode')}>
          <Radio.Group
            options={[
              { value: 'merge', label: t('netImport.merge') },
              { value: 'replace', label: t('netImport.replace') },
            ]}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">{t('netImport.formats')}</Typography.Paragraph>
      {busy && job && (
        <div data-testid="net-import-progress" style={{ marginBottom: 12 }}>
          <Typography.Text>{t(`netImport.stage.${job.stage}`, { defaultValue: job.stage })}</Typography.Text>
          <Progress percent={pct ?? 99} status="active" showInfo={pct !== undefined} />
        </div>
      )}
      {report && <NetworkReportView report={report} />}
      {report && report.rejectedCount > 0 && (
        <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid="net-import-skip">
          {t('netImport.skipRejected')}
        </Checkbox>
      )}
      {report && !canApply && report.rejectedCount === 0 && checked !== current && (
        <Alert type="info" showIcon message={t('netImport.needDryRun')} />
      )}
    </Modal>
  );
}

export function NetworkReportView({ report: r }: { report: NetworkReport }) {
  const { t } = useTranslation();
  const counts = ['junctions', 'pipes', 'valves', 'pumps', 'tanks', 'reservoirs', 'hydrants', 'meters'] as const;
  return (
    <div data-testid="net-import-report">
      <Descriptions size="small" bordered column={8} title={t('netImport.counts')} style={{ marginBottom: 8 }}>
        {counts.map((k) => (
          <Descriptions.Item key={k} label={t(`netImport.${k}`)}>
            <span data-testid={`net-count-${k}`}>{r[k]}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Descriptions size="small" bordered column={4} title={t('netImport.changes')} style={{ marginBottom: 8 }}>
        {(['inserted', 'updated', 'unchanged', 'deleted'] as const).map((k) => (
          <Descriptions.Item key={k} label={t(`netImport.${k}`)}>
            <span data-testid={`net-change-${k}`}>{r[k]}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Tabs
        size="small"
        items={[
          {
            key: 'rejected',
            label: t('netImport.rejected', { n: r.rejectedCount }),
            children: (
              <Table
                size="small"
                rowKey={(x) => `${x.row}-${x.id}-${x.reason}`}
                dataSource={r.rejected}
                pagination={{ pageSize: 8 }}
                data-testid="net-import-rejected"
                columns={[
                  { title: t('netImport.row'), dataIndex: 'row', width: 80 },
                  { title: t('netImport.id'), dataIndex: 'id', width: 140 },
                  { title: t('netImport.reason'), dataIndex: 'reason' },
                ]}
              />
            ),
          },
          {
            key: 'warnings',
            label: t('netImport.warnings', { n: r.warningCount }),
            children: (
              <Table
                size="small"
                rowKey={(x) => `${x.type}-${x.id}-${x.message}`}
                dataSource={r.warnings}
                pagination={{ pageSize: 8 }}
                columns={[
                  { title: t('netImport.type'), dataIndex: 'type', width: 110 },
                  { title: t('netImport.id'), dataIndex: 'id', width: 140 },
                  { title: t('netImport.message'), dataIndex: 'message' },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
