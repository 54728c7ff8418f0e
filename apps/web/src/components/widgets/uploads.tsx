/**
 * Image upload (picture-card, preview, delete, image/*) and file upload (button with the tip
 * '只能上传不超过{size}{unit}的{accept}文件'), spec 1 §2.12, §5, §8, §9:
 * - a file over the size limit is refused with '文件大小超过{n}{unit}' (default 2 MB; KB/MB/GB factors);
 * - more than the limit: '当前限制最多可以上传{limit}个文件' / '当前限制最多可以上传{n}张图片';
 * - with a limit of 1 a new file replaces the old one;
 * - an upload reply whose code is not 200 shows the server's msg as an error for 1.5 s.
 * Files go to `/api/blade-resource/oss/endpoint/put-file`; the value is a list of { name, fileId, url }.
 */
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Typography, Upload, type UploadFile } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';
import { putFile, type UploadedFile } from '../../api/resource';
import {
  checkFileCount,
  checkFileSize,
  DEFAULT_FILE_SIZE,
  DEFAULT_SIZE_UNIT,
  isAccepted,
  type SizeUnit,
  UPLOAD_ERROR_SECONDS,
  type UploadProblem,
} from '../../lib/upload';

export interface FileValue {
  name: string;
  fileId?: string;
  url: string;
}

interface BaseProps {
  value?: FileValue[] | null;
  onChange?: (files: FileValue[]) => void;
  /** most files (0 = no limit) */
  limit?: number;
  fileSize?: number;
  sizeUnit?: SizeUnit;
  accept?: string;
  disabled?: boolean;
  id?: string;
  /** the sender (default put-file); resolves with the envelope */
  send?: typeof putFile;
}

function toList(value: FileValue[] | null | undefined): UploadFile[] {
  return (value ?? []).map((f, i) => ({ uid: f.fileId ?? `${i}-${f.url}`, name: f.name, url: f.url, status: 'done' }));
}

function useUploader(p: BaseProps, kind: 'file' | 'image') {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  // uploads of one batch finish one after another: each adds to the latest list, not to a stale one
  const latest = useRef<FileValue[]>(p.value ?? []);
  latest.current = p.value ?? [];
  const limit = p.limit ?? 0;
  const size = p.fileSize ?? DEFAULT_FILE_SIZE;
  const unit = p.sizeUnit ?? DEFAULT_SIZE_UNIT;
  const accept = kind === 'image' ? (p.accept ?? 'image/*') : p.accept;
  const problemText = (pr: UploadProblem) => t(pr.key, pr.values);
  const fail = (text: string) => message.error({ content: text, duration: UPLOAD_ERROR_SECONDS });

  const beforeUpload = (file: File, batch: File[]) => {
    if (!isAccepted(file, accept)) {
      fail(t('upload.notAccepted', { accept }));
      return Upload.LIST_IGNORE;
    }
    const tooBig = checkFileSize(file.size, size, unit);
    if (tooBig) {
      fail(problemText(tooBig));
      return Upload.LIST_IGNORE;
    }
    const current = (p.value ?? []).length + pending.length;
    const tooMany = checkFileCount(current, batch.length, limit, kind);
    if (tooMany) {
      // one toast per batch
      if (batch[0] === file) fail(problemText(tooMany));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest = async (opts: any) => {
    const file = opts.file as File & { uid: string };
    const entry: UploadFile = { uid: file.uid, name: file.name, status: 'uploading', percent: 30 };
    setPending((l) => [...l, entry]);
    try {
      const body = await (p.send ?? putFile)(file);
      const data = body.data as UploadedFile;
      const added: FileValue = {
        name: data.originalName ?? file.name,
        fileId: data.attachId ?? data.name,
        url: data.link ?? data.url ?? '',
      };
      const base = limit === 1 ? [] : latest.current;
      latest.current = [...base, added];
      p.onChange?.(latest.current);
      opts.onSuccess?.(body);
    } catch (e) {
      const msg = e instanceof HttpError ? ((e.body as any)?.msg ?? e.message) : t('upload.failed');
      fail(msg || t('upload.failed'));
      opts.onError?.(e);
    } finally {
      setPending((l) => l.filter((x) => x.uid !== file.uid));
    }
  };

  const remove = (f: UploadFile) => {
    p.onChange?.((p.value ?? []).filter((v, i) => (v.fileId ?? `${i}-${v.url}`) !== f.uid));
    return true;
  };

  const fileList = [...toList(p.value), ...pending];
  return { beforeUpload, customRequest, remove, fileList, limit, size, unit, accept, t };
}

export function ImageUpload(p: BaseProps) {
  const u = useUploader(p, 'image');
  const [preview, setPreview] = useState<string | null>(null);
  const full = u.limit > 0 && u.fileList.length >= u.limit;
  return (
    <>
      <Upload
        id={p.id}
        listType="picture-card"
        accept={u.accept}
        multiple={u.limit !== 1}
        disabled={p.disabled}
        fileList={u.fileList}
        beforeUpload={u.beforeUpload}
        customRequest={u.customRequest}
        onRemove={u.remove}
        onPreview={(f) => setPreview(f.url ?? null)}
      >
        {full || p.disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{u.t('upload.image')}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (v) => !v && setPreview(null) }}
        />
      )}
    </>
  );
}

export function FileUpload(p: BaseProps & { buttonText?: string; showTip?: boolean }) {
  const u = useUploader(p, 'file');
  const tip = useMemo(
    () => u.t('upload.tip', { size: u.size, unit: u.unit, accept: u.accept ?? '' }),
    [u.size, u.unit, u.accept, u.t],
  );
  return (
    <div>
      <Upload
        id={p.id}
        accept={u.accept}
        multiple={u.limit !== 1}
        maxCount={u.limit === 1 ? 1 : undefined}
        disabled={p.disabled}
        fileList={u.fileList}
        beforeUpload={u.beforeUpload}
        customRequest={u.customRequest}
        onRemove={u.remove}
      >
        <Button icon={<UploadOutlined />} disabled={p.disabled}>
          {p.buttonText ?? u.t('upload.button')}
        </Button>
      </Upload>
      {p.showTip !== false && (
        <Typography.Text type="secondary" data-testid="upload-tip">
          {tip}
        </Typography.Text>
      )}
    </div>
  );
}
