/**
 * 导入数据 (站点监测): a CSV or xlsx of time series. The CSV's header is read in the browser to offer its columns; a
 * column whose name is a station code is mapped to that station at once. Dry run → report (per series the points,
 * gaps and time span; every rejected value with its row), then import; the stage is polled while the server works.
 */
import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  AutoComplete,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Progress,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, type Station } from '../../../api/monitor';
import { csvHeader, type SeriesReport, seriesImportApi } from './api';

interface MapRow {
  column?: string;
  stcd?: string;
  field?: string;
}
interface Settings {
  separator: string;
  decimal: '.' | ',';
  timestampColumn: string;
  timestampFormat: string;
  rows: MapRow[];
}

export function SeriesImportDialog({
  open,
  onClose,
  onApplied,
}: {
  open: boolean;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [report, setReport] = useState<SeriesReport | null>(null);
  const [checked, setChecked] = useState(false);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<string | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const stations = useQuery({
    queryKey: ['monitor', 'stations', 'import'],
    queryFn: () => monitorApi.stationPage({ current: 1, size: 1000 }),
    enabled: open,
  });
  const dict = useQuery({ queryKey: ['monitor', 'dict'], queryFn: monitorApi.dict, enabled: open });
  const list: Station[] = stations.data?.records ?? [];
  const en = i18n.language.startsWith('en');

  useEffect(
    () => () => {
      if (poll.current) clearInterval(poll.current);
    },
    [],
  );

  const pick = async (f: File) => {
    setFile(f);
    setReport(null);
    setChecked(false);
    if (/\.xlsx$/i.test(f.name)) {
      setColumns([]);
      return;
    }
    const h = await csvHeader(f);
    setColumns(h.columns);
    const byCode = new Map(list.map((s) => [s.stcd, s]));
    form.setFieldsValue({
      separator: h.separator,
      timestampColumn: h.columns[0],
      rows: h.columns
        .slice(1)
        .filter((c) => byCode.has(c))
        .map((c) => ({ column: c, stcd: c, field: byCode.get(c)?.fields[0]?.field })),
    });
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    const s = await form.validateFields();
    const mapping = Object.fromEntries(
      (s.rows ?? []).filter((r) => r.column && r.stcd && r.field).map((r) => [r.column, `${r.stcd}.${r.field}`]),
    );
    if (!Object.keys(mapping).length) {
      message.warning(t('seriesImport.needMapping'));
      return;
    }
    const jobId = `ser-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    setBusy(true);
    setStage('upload');
    poll.current = setInterval(() => {
      void seriesImportApi
        .progress(jobId)
        .then((p) => p.stage !== 'unknown' && setStage(p.stage))
        .catch(() => {});
    }, 700);
    try {
      const env = await seriesImportApi.run(file, {
        separator: s.separator === 'auto' ? undefined : s.separator,
        decimal: s.decimal,
        timestampColumn: s.timestampColumn,
        timestampFormat: s.timestampFormat,
        mapping,
        dryRun,
        skipRejected: skip,
        jobId,
      });
      setReport(env.data);
      setChecked(dryRun);
      if (!dryRun) {
        message.success(t('seriesImport.applied', { n: env.data.inserted }));
        onApplied();
      }
    } catch {
      // toast shown by the client
    } finally {
      if (poll.current) clearInterval(poll.current);
      poll.current = null;
      setBusy(false);
      setStage(null);
    }
  };

  const canApply = checked && !!report && (report.rejectedCount === 0 || skip);
  const stationName = (stcd: string) => list.find((s) => s.stcd === stcd)?.stnm ?? stcd;

  return (
    <Modal
      open={open}
      title={t('seriesImport.title')}
      width={980}
      maskClosable={false}
      onCancel={busy ? undefined : onClose}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void run(true)} disabled={!file || busy} data-testid="series-import-dry">
            {t('seriesImport.dryRun')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run(false)}
            disabled={!canApply || busy}
            data-testid="series-import-apply"
          >
            {t('seriesImport.apply')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 12 }}
        initialValues={{ separator: 'auto', decimal: '.', timestampFormat: 'YYYY-MM-DD HH:mm:ss', rows: [] }}
        onValuesChange={() => setChecked(false)}
      >
        <Form.Item label={t('seriesImport.file')} required>
          <Upload
            accept=".csv,.txt,.xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="series-import-file">
              {t('seriesImport.pick')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="separator" label={t('seriesImport.separator')}>
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'auto', label: t('seriesImport.auto') },
              { value: ';', label: ';' },
              { value: ',', label: ',' },
              { value: '\t', label: 'Tab' },
            ]}
          />
        </Form.Item>
        <Form.Item name="decimal" label={t('seriesImport.decimal')}>
          <Select
            style={{ width: 90 }}
            data-testid="series-import-decimal"
            options={[
              { value: '.', label: '1.5' },
              { value: ',', label: '1,5' },
            ]}
          />
        </Form.Item>
        <Form.Item name="timestampColumn" label={t('seriesImport.tsColumn')} rules={[{ required: true }]}>
          <AutoComplete style={{ width: 150 }} options={columns.map((c) => ({ value: c }))} />
        </Form.Item>
        <Form.Item
          name="timestampFormat"
          label={t('seriesImport.tsFormat')}
          tooltip={t('seriesImport.tsFormatHint')}
          rules={[{ required: true }]}
        >
          <Input style={{ width: 190 }} />
        </Form.Item>
        <div style={{ width: '100%' }}>
          <Typography.Text strong>{t('seriesImport.mapping')}</Typography.Text>
          <Form.List name="rows">
            {(fields, { add, remove }) => (
              <div data-testid="series-import-mapping">
                {fields.map((f) => (
                  <Space key={f.key} style={{ display: 'flex', marginTop: 6 }}>
                    <Form.Item name={[f.name, 'column']} rules={[{ required: true }]} noStyle>
                      <AutoComplete
                        style={{ width: 160 }}
                        placeholder={t('seriesImport.column')}
                        options={columns.map((c) => ({ value: c }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'stcd']} rules={[{ required: true }]} noStyle>
                      <Select
                        showSearch
                        style={{ width: 260 }}
                        placeholder={t('seriesImport.station')}
                        optionFilterProp="label"
                        options={list.map((s) => ({ value: s.stcd, label: `${s.stcd} ${s.stnm}` }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'field']} rules={[{ required: true }]} noStyle>
                      <Select
                        style={{ width: 200 }}
                        placeholder={t('seriesImport.field')}
                        options={(dict.data?.fields ?? []).map((x) => ({
                          value: x.field,
                          label: `${en ? x.nameEn : x.name} (${x.field}${x.unit ? `, ${x.unit}` : ''})`,
                        }))}
                      />
                    </Form.Item>
                    <MinusCircleOutlined aria-label={t('seriesImport.remove')} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 6 }}>
                  {t('seriesImport.addColumn')}
                </Button>
              </div>
            )}
          </Form.List>
        </div>
      </Form>
      {busy && stage && (
        <div data-testid="series-import-progress" style={{ marginBottom: 12 }}>
          <Typography.Text>{t(`seriesImport.stage.${stage}`, { defaultValue: stage })}</Typography.Text>
          <Progress percent={99} status="active" showInfo={false} />
        </div>
      )}
      {report && (
        <div data-testid="series-import-report">
          <Typography.Paragraph>
            {t('seriesImport.rows', { rows: report.rows, duplicates: report.duplicates })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="column"
            pagination={false}
            dataSource={report.series}
            columns={[
              { title: t('seriesImport.column'), dataIndex: 'column' },
              { title: t('seriesImport.station'), dataIndex: 'stcd', render: (v: string) => `${v} ${stationName(v)}` },
              {
                title: t('seriesImport.field'),
                dataIndex: 'field',
                render: (v: string, r) => (r.seriesId === null ? `${v} (${t('seriesImport.newSeries')})` : v),
              },
              { title: t('seriesImport.points'), dataIndex: 'points' },
              { title: t('seriesImport.empty'), dataIndex: 'empty' },
              { title: t('seriesImport.first'), dataIndex: 'first' },
              { title: t('seriesImport.last'), dataIndex: 'last' },
            ]}
          />
          {report.rejectedCount > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {t('seriesImport.rejected', { n: report.rejectedCount })}
              </Typography.Title>
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.column}`}
                dataSource={report.rejected}
                pagination={{ pageSize: 8 }}
                data-testid="series-import-rejected"
                columns={[
                  { title: t('seriesImport.row'), dataIndex: 'row', width: 80 },
                  { title: t('seriesImport.column'), dataIndex: 'column', width: 140 },
                  { title: t('seriesImport.reason'), dataIndex: 'reason' },
                ]}
              />
              <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)}>
                {t('seriesImport.skipRejected')}
              </Checkbox>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
