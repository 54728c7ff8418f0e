/** 水质月报: points, samples, indicators and compliance of a month from the laboratory results, and its xlsx. */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qualityApi } from '../../api/quality';
import { saveBlob } from '../../lib/download';

export default function ReportPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const m = month.format('YYYY-MM');
  const rep = useQuery({ queryKey: ['quality', 'report', m], queryFn: () => qualityApi.report(m) });
  const s = rep.data?.summary;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="quality-report">
      <Space>
        <DatePicker picker="month" value={month} allowClear={false} onChange={(d) => d && setMonth(d)} />
        <Button
          icon={<DownloadOutlined />}
          data-testid="quality-report-export"
          onClick={async () => {
            const { blob, fileName } = await qualityApi.exportReport(m);
            saveBlob(blob, fileName);
          }}
        >
          {t('quality.exportXlsx')}
        </Button>
      </Space>
      <Card title={t('quality.summary')}>
        <Row gutter={16}>
          {(
            [
              ['pointsCount', s?.points],
              ['samples', s?.samples],
              ['indicatorsCount', s?.indicators],
              ['results', s?.results],
              ['sampleRate', s?.sampleRate],
              ['resultRate', s?.resultRate],
            ] as const
          ).map(([k, v]) => (
            <Col key={k} xs={12} md={4}>
              <Statistic title={t(`quality.${k}`)} value={v ?? '—'} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('quality.byIndicator')}>
        <Table
          size="small"
          rowKey="indicatorCode"
          pagination={false}
          dataSource={rep.data?.indicators ?? []}
          columns={[
            { title: t('quality.indicator'), dataIndex: 'indicatorName' },
            { title: t('quality.unit'), dataIndex: 'unit' },
            { title: t('quality.limit'), dataIndex: 'limit' },
            { title: t('quality.results'), dataIndex: 'total' },
            { title: t('quality.good'), dataIndex: 'compliant' },
            { title: t('quality.rate'), dataIndex: 'rate' },
            { title: t('quality.max'), dataIndex: 'max' },
          ]}
        />
      </Card>
      <Card title={t('quality.byPoint')}>
        <Table
          size="small"
          rowKey="pointCode"
          pagination={false}
          dataSource={rep.data?.points ?? []}
          columns={[
            { title: t('quality.code'), dataIndex: 'pointCode' },
            { title: t('quality.name'), dataIndex: 'pointName' },
            { title: t('quality.samples'), dataIndex: 'samples' },
            { title: t('quality.results'), dataIndex: 'total' },
            { title: t('quality.good'), dataIndex: 'compliant' },
            { title: t('quality.rate'), dataIndex: 'rate' },
          ]}
        />
      </Card>
    </Space>
  );
}
