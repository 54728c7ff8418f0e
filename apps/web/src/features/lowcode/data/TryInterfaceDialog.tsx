/**
 * 调用: runs an interface as its users do (`Actions/Response`) with the parameters filled in here (declared
 * defaults otherwise) and shows the answer, or the server's reason when the call fails. Every call is logged.
 */
import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { HttpError } from '../../../api/http';
import { dataInterfaceApi } from '../../../api/lowcode';
import { callParams, paramsOf, SQL } from './interfaces';
import { ParamInputs } from './ParamInputs';
import { ResponseView } from './ResponseView';

type Answer = { ok: true; data: unknown; ms: number } | { ok: false; error: string };

export function TryInterfaceDialog({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!row}
      title={row ? t('lowcode.di.runOf', { name: row.fullName }) : ''}
      width={960}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {row && <TryBody row={row} />}
    </Modal>
  );
}

function TryBody({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer>();
  const params = Number(row.dataType) === SQL ? paramsOf(row.parameterJson) : [];

  const run = async () => {
    setBusy(true);
    const started = performance.now();
    try {
      const env = await dataInterfaceApi.response(String(row.id), callParams(params, form.getFieldsValue()));
      setAnswer({ ok: true, data: env.data, ms: Math.round(performance.now() - started) });
    } catch (e) {
      setAnswer({ ok: false, error: e instanceof HttpError ? e.message : t('lowcode.di.callFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form form={form} name="try-interface" layout="vertical">
        <ParamInputs params={params} />
        <Button type="primary" icon={<PlayCircleOutlined />} loading={busy} onClick={() => void run()}>
          {t('lowcode.di.run')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {!answer ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowcode.di.runHint')} />
        ) : answer.ok ? (
          <ResponseView data={answer.data} ms={answer.ms} />
        ) : (
          <Alert
            data-testid="di-error"
            type="error"
            showIcon
            title={t('lowcode.di.callFailed')}
            description={answer.error}
          />
        )}
      </div>
    </>
  );
}
