/**
 * 发起流程 (/workflow/process/start/{params}, params = base64url JSON `{ processId, processDefKey? }`): the
 * process's start form (`getFormByProcessId`), people to copy, and 提交 → `startProcess` with the form values as
 * the instance's variables; then the new instance's detail opens. 暂存 keeps the values as the person's draft of
 * that process (`/process/draft`); the draft fills the form next time and goes away when the process starts.
 */
import { App, Button, Card, Empty, Form, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { rowsOf } from '../../../api/crud';
import { decodeParams, draftApi, encodeParams, processApi } from '../../../api/workflow';
import type { FormRenderHandle, FormValues } from '../../../components/form-render';
import { UserField } from '../designer/UserField';
import { ProcessForm } from '../form/ProcessForm';
import { startBody } from './rules';

export default function StartPage() {
  const { params } = useParams();
  const ids = decodeParams<{ processId?: string; processDefKey?: string }>(params);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [reply, setReply] = useState<any>(undefined);
  const [copyUsers, setCopyUsers] = useState<string[]>([]);
  const [values, setValues] = useState<FormValues | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [draftId, setDraftId] = useState<string | undefined>();
  const handle = useRef<FormRenderHandle | null>(null);

  useEffect(() => {
    const load = ids.processId
      ? processApi.getFormByProcessId(ids.processId)
      : processApi.getFormByProcessDefKey(ids.processDefKey ?? '');
    load
      .then(async (r) => {
        const defId = r?.process?.id ?? ids.processId;
        if (r && defId) {
          // the person's draft of this process, if any
          const drafts = await draftApi.page({ current: 1, size: 1, processDefId: defId }).catch(() => null);
          const d = rowsOf<Record<string, unknown>>(drafts as any).records[0];
          if (d) {
            setDraftId(String(d.id));
            setValues((d.variables as FormValues) ?? {});
          }
        }
        setReply(r ?? null);
      })
      .catch(() => setReply(null));
  }, [ids.processId, ids.processDefKey]);

  if (reply === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (reply === null) return <Empty description={t('workflow.detail.noDefinition')} />;
  const process = reply.process ?? reply.definition ?? {};
  const form = reply.startForm ?? reply.form ?? null;

  const submit = async () => {
    const v = handle.current ? await handle.current.validate() : (values ?? {});
    setBusy(true);
    try {
      const started = await processApi.startProcess({ ...startBody(ids, v, copyUsers), draftId });
      message.success(t('workflow.detail.startSuccess'));
      const insId = typeof started === 'string' ? started : (started?.processInstanceId ?? started?.id);
      if (insId) navigate(`/workflow/process/detail/${encodeParams({ processInsId: String(insId) })}`);
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = async () => {
    const v = handle.current ? handle.current.values() : (values ?? {});
    setBusy(true);
    try {
      const saved = await draftApi.submit({
        id: draftId,
        processDefId: process.id ?? ids.processId,
        processKey: process.key ?? ids.processDefKey,
        title: process.name,
        variables: v,
      });
      if (saved?.id) setDraftId(String(saved.id));
      message.success(t('workflow.detail.draftSaved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="wf-start-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {process.name ?? process.processDefinitionName ?? ids.processDefKey}
      </Typography.Title>
      <ProcessForm form={form} values={values} onChange={setValues} handleRef={handle} />
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label={t('workflow.detail.copyUsers')}>
          <UserField value={copyUsers} onChange={setCopyUsers} multiple testId="wf-start-copy" />
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" loading={busy} onClick={submit} data-testid="wf-start-submit">
          {t('workflow.detail.submit')}
        </Button>
        <Button loading={busy} onClick={saveDraft} data-testid="wf-start-draft">
          {t('workflow.detail.saveDraft')}
        </Button>
      </Space>
    </Card>
  );
}
