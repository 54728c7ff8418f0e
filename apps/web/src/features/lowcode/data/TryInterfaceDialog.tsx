/**
 * 调用: runs an interface as its users do (`Actions/Response`) with the parameters filled in here (declared
 * defaults otherwise) and shows the answer, or the server's reason when the call fails. Every call is logged.
 */
import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { HttpError } from '../../../api/http';
import { dataInterfaceApi } from '../../../api/lowcode';
import { RowModal } from '../../../components/RowModal';
import { callParams, type Param, paramsOf, SQL } from './interfaces';
import { ParamInputs } from './ParamInputs';
import { ResponseView } from './ResponseView';

export function TryInterfaceDialog({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <RowModal row={row} title={(r) => t('lowcode.di.runOf', { name: r.fullName })} width={960} onClose={onClose}>
      {(r) => <TryBody row={r} />}
    </RowModal>
  );
}

function TryBody({ row }: { row: Row }) {
  const { t } = useTranslation();
  const params = Number(row.dataType) === SQL ? paramsOf(row.parameterJson) : [];
  const call = async (given: Row) => {
    const started = performance.now();
    const env = await dataInterfaceApi.response(String(row.id), given);
    return { data: env.data, ms: Math.round(performance.now() - started) };
  };
  return (
    <CallPanel
      formName="try-interface"
      params={params}
      icon={<PlayCircleOutlined />}
      label={t('lowcode.di.run')}
      call={call}
      errorTestId="di-error"
    >
      {(answer) => <ResponseView data={answer.data} ms={answer.ms} />}
    </CallPanel>
  );
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * How an interface is run by hand, here (调用) and by a report's 查看: its parameters in a form whose button makes
 * the call, and beneath, a hint until the first answer, then the answer (`children` shows it) or the failure with
 * the server's reason.
 */
export function CallPanel<T>({
  formName,
  params,
  icon,
  label,
  call,
  errorTestId,
  children,
}: {
  /** the form's name (its fields' ids start with it) */
  formName: string;
  params: Param[];
  icon: ReactNode;
  /** translated text of the button */
  label: string;
  /** makes the call with the parameters given (the form's values, else the declared defaults: callParams) */
  call: (given: Row) => Promise<T>;
  errorTestId?: string;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer<T>>();

  const run = async () => {
    setBusy(true);
    try {
      setAnswer({ ok: true, value: await call(callParams(params, form.getFieldsValue())) });
    } catch (e) {
      setAnswer({ ok: false, error: e instanceof HttpError ? e.message : t('lowcode.di.callFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form form={form} name={formName} layout="vertical">
        <ParamInputs params={params} />
        <Button type="primary" icon={icon} loading={busy} onClick={() => void run()}>
          {label}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {!answer ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowcode.di.runHint')} />
        ) : answer.ok ? (
          children(answer.value)
        ) : (
          <Alert
            data-testid={errorTestId}
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
