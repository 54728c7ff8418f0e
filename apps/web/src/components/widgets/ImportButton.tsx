/**
 * Import button (spec 1 §5, §8): uploads a file and shows the server's message, as a success when the body
 * code is 200, else as an error.
 */
import { UploadOutlined } from '@ant-design/icons';
import type { Envelope } from '@swp/contract';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';

export interface ImportButtonProps {
  /** sends the file; resolves with the envelope (or rejects with an HttpError carrying the body) */
  upload: (file: File) => Promise<Envelope<unknown>>;
  accept?: string;
  label?: string;
  onDone?: () => void;
  disabled?: boolean;
}

/** The message and its kind for an import reply. */
export function importOutcome(body: Partial<Envelope<unknown>> | undefined): { ok: boolean; text: string } {
  const ok = body?.code === 200;
  return { ok, text: body?.msg || (ok ? '操作成功' : 'unknown error') };
}

export function ImportButton({ upload, accept = '.xlsx,.xls', label, onDone, disabled }: ImportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={accept}
      showUploadList={false}
      disabled={disabled || busy}
      beforeUpload={(file) => {
        setBusy(true);
        upload(file)
          .then((body) => {
            const r = importOutcome(body);
            if (r.ok) message.success(r.text);
            else message.error(r.text);
            if (r.ok) onDone?.();
          })
          .catch((e) => {
            const body = e instanceof HttpError ? (e.body as Envelope<unknown> | undefined) : undefined;
            message.error(body?.msg || (e as Error).message || t('upload.failed'));
          })
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
        {label ?? t('widget.importBtn')}
      </Button>
    </Upload>
  );
}
