/** The one-file picker of an import dialog: the file stays in the browser until the dry run or the import. */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';

export function ImportFilePicker({
  accept,
  file,
  label,
  testId,
  onPick,
  onRemove,
}: {
  accept: string;
  file: File | null;
  /** translated text of the button */
  label: string;
  testId?: string;
  onPick: (f: File) => void;
  onRemove: () => void;
}) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(f) => {
        onPick(f);
        return false;
      }}
      onRemove={onRemove}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
