/**
 * 测试连接 inside the data-connection dialog: checks the connection fields, sends them (with the id of an edited
 * connection, so its stored password is used when none is typed) and shows the server's answer or refusal.
 */
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, type FormInstance, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { HttpError } from '../../../api/http';
import { dataSourceApi } from '../../../api/lowcode';
import { connectionBody, testAnswerOf } from '../../../lib/dataSources';

const FIELDS = ['dbType', 'host', 'port', 'dbName', 'userName'];

export function TestConnection({ form, row }: { form: FormInstance; row?: Row }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const test = async () => {
    try {
      await form.validateFields(FIELDS);
    } catch {
      return;
    }
    setBusy(true);
    setAnswer(undefined);
    try {
      const env = await dataSourceApi.test(connectionBody(form.getFieldsValue(true), row?.id));
      setAnswer({ ok: true, text: t('lowcode.ds.testAnswer', testAnswerOf(env, t('lowcode.ds.testOk'))) });
    } catch (e) {
      setAnswer({ ok: false, text: e instanceof HttpError ? e.message : t('lowcode.ds.testFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<ApiOutlined />} loading={busy} onClick={() => void test()}>
        {t('lowcode.ds.test')}
      </Button>
      {answer && (
        <Alert data-testid="ds-test-result" showIcon type={answer.ok ? 'success' : 'error'} title={answer.text} />
      )}
    </Space>
  );
}
