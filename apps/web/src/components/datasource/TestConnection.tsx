/**
 * 测试连接 inside a data-source dialog: checks the connection fields, sends what is filled so far (`send` builds the
 * screen's own body; an edited source sends its id, so its stored password is used when none is typed) and shows
 * the server's answer or its exact refusal. Shared by 数据源管理 and 数据连接, which differ only in fields and body.
 */
import { ApiOutlined } from '@ant-design/icons';
import type { Envelope } from '@swp/contract';
import { Alert, Button, type FormInstance, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { type TestOutcome, useTestAnswer } from './useTestAnswer';

type Props = {
  form: FormInstance;
  /** The fields checked before the test is sent. */
  fields: string[];
  /** Sends the test for the dialog's values. */
  send(values: Row): Promise<Envelope<unknown>>;
};

export function TestConnection({ form, fields, send }: Props) {
  const { t } = useTranslation();
  const answerOf = useTestAnswer();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestOutcome>();
  const test = async () => {
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    setBusy(true);
    setAnswer(undefined);
    setAnswer(await answerOf(() => send(form.getFieldsValue(true))));
    setBusy(false);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<ApiOutlined />} loading={busy} onClick={() => void test()}>
        {t('connection.test')}
      </Button>
      {answer && (
        <Alert data-testid="ds-test-result" showIcon type={answer.ok ? 'success' : 'error'} title={answer.text} />
      )}
    </Space>
  );
}
