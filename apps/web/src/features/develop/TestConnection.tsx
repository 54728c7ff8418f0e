/**
 * 测试连接 inside the 数据源管理 dialog: checks the connection fields, sends them (an edited source sends its id, so
 * its stored password is used when none is typed) and shows the server's answer or its exact refusal.
 */
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, type FormInstance, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { testBody } from './datasources';
import { useTestAnswer } from './useTestAnswer';

const FIELDS = ['driverClass', 'url', 'username'];

export function TestConnection({ form, row }: { form: FormInstance; row?: Row }) {
  const { t } = useTranslation();
  const answerOf = useTestAnswer();
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
    setAnswer(await answerOf(() => bladeDatasourceApi.test(testBody(form.getFieldsValue(true), row?.id))));
    setBusy(false);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<ApiOutlined />} loading={busy} onClick={() => void test()}>
        {t('develop.ds.test')}
      </Button>
      {answer && (
        <Alert data-testid="ds-test-result" showIcon type={answer.ok ? 'success' : 'error'} title={answer.text} />
      )}
    </Space>
  );
}
