/**
 * The dynamic list's toolbar: add, batch remove, export (xlsx of the current search), import with its error
 * report, and the import template, each when the list design has the button and the user its permission.
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { LcImportReport } from '@swp/contract';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineDevApi } from '../../../api/lowcode';
import { ImportButton } from '../../../components/widgets';
import { saveBlob } from '../../../lib/download';
import { hasButton, type parseColumnData } from '../modules/listDesign';
import type { ModuleCan } from './useModuleCan';

interface Props {
  moduleId: string;
  columnData: ReturnType<typeof parseColumnData>;
  can: ModuleCan;
  /** the list's query without paging is what the export writes */
  listQuery: () => { currentPage: number; pageSize: number } & Record<string, unknown>;
  onAdd: () => void;
  onBatchRemove: () => void;
  onImported: () => void;
  onReport: (report: LcImportReport) => void;
}

export function DynamicToolbar({ moduleId, columnData, can, listQuery, onAdd, onBatchRemove, ...rest }: Props) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const toolbar: ReactNode[] = [];
  if (hasButton(columnData, 'add') && can.add)
    toolbar.push(
      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t('lowcode.btn.add')}
      </Button>,
    );
  if (hasButton(columnData, 'batchRemove') && can.remove)
    toolbar.push(
      <Button key="batch" danger icon={<DeleteOutlined />} onClick={onBatchRemove}>
        {t('lowcode.btn.batchRemove')}
      </Button>,
    );
  if (hasButton(columnData, 'export') && can.export)
    toolbar.push(
      <Button
        key="export"
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={async () => {
          setExporting(true);
          try {
            const { currentPage: _c, pageSize: _s, ...q } = listQuery();
            const { blob, fileName } = await onlineDevApi.exportData(moduleId, { ...q, dataType: 1 });
            saveBlob(blob, fileName);
          } finally {
            setExporting(false);
          }
        }}
      >
        {t('lowcode.btn.export')}
      </Button>,
    );
  if (hasButton(columnData, 'upload') && can.import)
    toolbar.push(
      <ImportButton
        key="import"
        label={t('lowcode.btn.upload')}
        upload={async (file) => {
          const env = await onlineDevApi.importData(moduleId, file);
          if (env.data?.failed) rest.onReport(env.data);
          return env;
        }}
        onDone={rest.onImported}
      />,
    );
  if (hasButton(columnData, 'download') && can.import)
    toolbar.push(
      <Button
        key="template"
        onClick={async () => {
          const { blob, fileName } = await onlineDevApi.template(moduleId);
          saveBlob(blob, fileName);
        }}
      >
        {t('lowcode.btn.download')}
      </Button>,
    );
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {toolbar}
    </Space>
  );
}
