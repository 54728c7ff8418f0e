/** 化验结果: laboratory results entered or imported from xlsx, each judged against its limit (failures flagged). */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LabResult, qualityApi, resultApi } from '../../api/quality';
import { CrudPage } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { resultColumns } from './columns';

export default function ResultPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canImport = usePermission('quality_result_import');
  return (
    <CrudPage<LabResult>
      api={resultApi}
      columns={resultColumns}
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
