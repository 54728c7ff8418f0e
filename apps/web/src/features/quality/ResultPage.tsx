/** 化验结果: laboratory results entered or imported from xlsx, each judged against its limit (failures flagged). */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Tag, Tooltip, Upload } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type LabResult, qualityApi, resultApi } from '../../api/quality';
import { type CrudColumn, CrudPage, remarkColumn } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { indicatorOptions, pointOptions } from './options';

export default function ResultPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canImport = usePermission('quality_result_import');
  const columns = useMemo<CrudColumn<LabResult>[]>(
    () => [
      { prop: 'sampleCode', label: 'quality.sampleCode', required: 'quality.sampleCode', search: true, width: 170 },
      {
        prop: 'pointCode',
        label: 'quality.points',
        type: 'select',
        options: pointOptions,
        required: 'quality.points',
        search: true,
        width: 200,
        render: (_v, r) => r.pointName ?? r.pointCode,
      },
      { prop: 'sampledAt', label: 'quality.sampledAt', type: 'datetime', required: 'quality.sampledAt', width: 160 },
      {
        prop: 'indicatorCode',
        label: 'quality.indicator',
        type: 'select',
        options: indicatorOptions,
        required: 'quality.indicator',
        search: true,
        width: 150,
        render: (_v, r) => r.indicatorName ?? r.indicatorCode,
      },
      { prop: 'value', label: 'quality.value', type: 'number', min: 0, required: 'quality.value', width: 90 },
      { prop: 'unit', label: 'quality.valueUnit', tip: 'quality.valueUnitTip', width: 80, editDisplay: false },
      { prop: 'limitText', label: 'quality.limit', display: false, width: 90 },
      {
        prop: 'compliant',
        label: 'quality.compliant',
        display: false,
        width: 90,
        render: (v: boolean) =>
          v ? (
            <Tag color="green">{t('quality.pass')}</Tag>
          ) : (
            <Tag color="red" data-testid="quality-result-fail">
              {t('quality.fail')}
            </Tag>
          ),
      },
      remarkColumn('quality.remark', { rows: 2, hide: true }),
    ],
    [t],
  );
  return (
    <CrudPage<LabResult>
      api={resultApi}
      columns={columns}
      title="quality.resultTitle"
      permission="quality_result"
      viewBtn={false}
      testId="quality-result"
      toolbar={(h) =>
        canImport ? (
          <Tooltip title={t('quality.importTip')}>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                // a refused file is toasted by the http layer with the server's reasons
                void qualityApi
                  .importResults(file)
                  .then((r) => {
                    message.success(t('quality.imported', r.data ?? {}));
                    h.reload();
                  })
                  .catch(() => {});
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="quality-result-import">
                {t('quality.import')}
              </Button>
            </Upload>
          </Tooltip>
        ) : null
      }
    />
  );
}
