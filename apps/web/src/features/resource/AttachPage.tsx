/** Attachments (`/blade-resource/attach`): upload (put-file), rename, download, delete. */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Attach, attachApi } from '../../api/resource';
import { CrudPage, RowButton } from '../../components/crud';
import { FileUpload, type FileValue } from '../../components/widgets';
import { attachColumns as columns } from './columns';

export default function AttachPage() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<null | { reload(): void }>(null);
  const [files, setFiles] = useState<FileValue[]>([]);
  return (
    <>
      <CrudPage<Attach>
        api={attachApi}
        columns={columns}
        title="attach.title"
        permission="attach"
        addBtn={false}
        toolbar={(h) => (
          <Button type="primary" onClick={() => setUploading(h)}>
            {t('attach.upload')}
          </Button>
        )}
        actionWidth={320}
        rowActions={(row) => (
          <RowButton icon={<DownloadOutlined />} href={row.link} target="_blank" download={row.originalName}>
            {t('attach.download')}
          </RowButton>
        )}
      />
      <Modal
        open={!!uploading}
        title={t('attach.upload')}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          uploading?.reload();
          setUploading(null);
          setFiles([]);
        }}
      >
        <FileUpload
          fileSize={20}
          sizeUnit="MB"
          value={files}
          onChange={(f) => {
            setFiles(f);
            uploading?.reload();
          }}
        />
      </Modal>
    </>
  );
}
