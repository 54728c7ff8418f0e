/**
 * Design management of spec 2 §2: models (design, deploy, history), forms (history), deployments (change status,
 * change category, delete, upload of deployment files with category and tenants), categories (tree), buttons and
 * conditions, and the two history screens (/workflow/design/model/history/{id}, /workflow/design/form/history/{id})
 * with 设为主版本.
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Select, Space, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Row } from '../../../api/crud';
import { tenantApi } from '../../../api/system';
import { designApi, flowApi } from '../../../api/workflow';
import { type CrudHandle, CrudPage, NO_FORM_LIST, REMOVE_ONLY_LIST, RowButton } from '../../../components/crud';
import {
  buttonColumns,
  CategorySelect,
  categoryColumns,
  conditionColumns,
  D,
  deploymentColumns,
  formColumns,
  historyColumns,
  modelColumns,
} from './columns';
import { FormDesignDialog } from './FormDesignDialog';

export function ModelPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  return (
    <CrudPage
      api={designApi.model}
      columns={modelColumns}
      title={`${D}model`}
      permission="wf_model"
      actionWidth={320}
      testId="wf-models"
      rowActions={(row) => (
        <Space size={0}>
          <RowButton data-testid="wf-model-design" onClick={() => navigate(`/workflow/design/process/${row.id}`)}>
            {t(`${D}design`)}
          </RowButton>
          <RowButton
            data-testid="wf-model-deploy"
            onClick={() =>
              modal.confirm({
                title: t('workflow.designer.deployConfirm'),
                onOk: async () => {
                  await designApi.model.deploy({ modelId: String(row.id), categoryId: row.categoryId });
                  message.success(t(`${D}deployed`));
                },
              })
            }
          >
            {t(`${D}deploy`)}
          </RowButton>
          <RowButton onClick={() => navigate(`/workflow/design/model/history/${row.id}`)}>{t(`${D}history`)}</RowButton>
        </Space>
      )}
    />
  );
}

export function FormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [designing, setDesigning] = useState<{ row: Row; h: CrudHandle } | null>(null);
  const closeDesigner = useCallback(
    (saved: boolean) => {
      if (saved) designing?.h.reload();
      setDesigning(null);
    },
    [designing],
  );
  return (
    <>
      <CrudPage
        api={designApi.form}
        columns={formColumns}
        title={`${D}form`}
        permission="wf_form"
        testId="wf-forms"
        beforeOpen={async (mode, row) => {
          if (mode === 'add' || !row) return {};
          const full = (await designApi.form.detail(String(row.id))) ?? row;
          return {
            ...full,
            content:
              full.content && typeof full.content === 'object' ? JSON.stringify(full.content, null, 2) : full.content,
          };
        }}
        beforeSubmit={(values) => ({
          ...values,
          content:
            typeof values.content === 'string' && values.content.trim() ? JSON.parse(values.content) : values.content,
        })}
        rowActions={(row, h) => (
          <Space size={0}>
            <RowButton data-testid="wf-form-design" onClick={() => setDesigning({ row, h })}>
              {t(`${D}design`)}
            </RowButton>
            <RowButton onClick={() => navigate(`/workflow/design/form/history/${row.id}`)}>
              {t(`${D}history`)}
            </RowButton>
          </Space>
        )}
      />
      <FormDesignDialog row={designing?.row ?? null} onClose={closeDesigner} />
    </>
  );
}

function UploadDialog({ open, onClose }: { open: boolean; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [tenants, setTenants] = useState<{ value: string; label: string }[]>([]);
  return (
    <Modal
      open={open}
      title={t(`${D}upload`)}
      confirmLoading={busy}
      afterOpenChange={(o) => {
        if (!o) return;
        form.resetFields();
        tenantApi
          .page({ current: 1, size: 500 })
          .then((p: any) =>
            setTenants((p?.records ?? p ?? []).map((x: Row) => ({ value: String(x.tenantId), label: x.tenantName }))),
          )
          .catch(() => setTenants([]));
      }}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields();
        const fd = new FormData();
        fd.append('category', v.category);
        fd.append('tenantIds', (v.tenantIds ?? []).join(','));
        for (const f of v.files ?? []) fd.append('files', f.originFileObj);
        setBusy(true);
        try {
          await flowApi.deployUpload(fd);
          message.success(t(`${D}deployed`));
          onClose(true);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="category"
          label={t(`${D}category`)}
          rules={[{ required: true, message: t(`${D}selectCategory`) }]}
        >
          <CategorySelect />
        </Form.Item>
        <Form.Item name="tenantIds" label={t(`${D}tenants`)}>
          <Select mode="multiple" options={tenants} />
        </Form.Item>
        <Form.Item
          name="files"
          label={t(`${D}file`)}
          valuePropName="fileList"
          getValueFromEvent={(e) => e?.fileList}
          rules={[{ required: true, message: t(`${D}file`) }]}
        >
          <Upload beforeUpload={() => false} accept=".bpmn,.xml,.bpmn20.xml,.zip" multiple>
            <Button icon={<CloudUploadOutlined />}>{t(`${D}file`)}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ChangeCategoryDialog({ row, onClose }: { row: Row | null; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string>();
  return (
    <Modal
      open={!!row}
      title={t(`${D}changeCategory`)}
      afterOpenChange={(o) => o && setValue(row?.categoryId ?? row?.category)}
      onCancel={() => onClose(false)}
      onOk={async () => {
        if (!row || !value) return;
        await designApi.deployment.changeCategory({ id: String(row.id), categoryId: value });
        onClose(true);
      }}
    >
      <CategorySelect value={value} onChange={setValue} />
    </Modal>
  );
}

export function DeploymentPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [upload, setUpload] = useState<CrudHandle | null>(null);
  const [categoryOf, setCategoryOf] = useState<{ row: Row; h: CrudHandle } | null>(null);
  const active = (r: Row) => Number(r.status ?? r.suspensionState ?? 1) === 1;
  return (
    <>
      <CrudPage
        api={designApi.deployment}
        columns={deploymentColumns(t, active)}
        title={`${D}deployment`}
        permission="wf_deployment"
        {...REMOVE_ONLY_LIST}
        actionWidth={260}
        testId="wf-deployments"
        toolbar={(h) => (
          <Button icon={<CloudUploadOutlined />} onClick={() => setUpload(h)}>
            {t(`${D}upload`)}
          </Button>
        )}
        rowActions={(row, h) => (
          <Space size={0}>
            <RowButton
              onClick={async () => {
                await designApi.deployment.changeStatus({ id: String(row.id), status: active(row) ? 2 : 1 });
                message.success(t('workflow.list.done'));
                h.reload();
              }}
            >
              {t(`${D}changeStatus`)}
            </RowButton>
            <RowButton onClick={() => setCategoryOf({ row, h })}>{t(`${D}changeCategory`)}</RowButton>
          </Space>
        )}
      />
      <UploadDialog
        open={!!upload}
        onClose={(done) => {
          if (done) upload?.reload();
          setUpload(null);
        }}
      />
      <ChangeCategoryDialog
        row={categoryOf?.row ?? null}
        onClose={(done) => {
          if (done) {
            message.success(t('workflow.list.done'));
            categoryOf?.h.reload();
          }
          setCategoryOf(null);
        }}
      />
    </>
  );
}

export function CategoryPage() {
  return (
    <CrudPage
      api={designApi.category}
      columns={categoryColumns}
      title={`${D}category`}
      permission="wf_category"
      tree
      paged={false}
      testId="wf-categories"
    />
  );
}

export function ButtonPage() {
  return <CrudPage api={designApi.button} columns={buttonColumns} title={`${D}buttonName`} permission="wf_button" />;
}

export function ConditionPage() {
  return (
    <CrudPage api={designApi.condition} columns={conditionColumns} title={`${D}condition`} permission="wf_condition" />
  );
}

function HistoryPage({ kind }: { kind: 'model' | 'form' }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const api = kind === 'model' ? designApi.modelHistory : designApi.formHistory;
  return (
    <CrudPage
      api={api}
      columns={historyColumns(kind)}
      query={kind === 'model' ? { modelId: id } : { formId: id }}
      title={`${D}history`}
      {...NO_FORM_LIST}
      testId={`wf-${kind}-history`}
      beforeOpen={async (_mode, row) => {
        const full = row ? ((await api.detail(String(row.id))) ?? row) : {};
        return {
          ...full,
          content:
            full.content && typeof full.content === 'object' ? JSON.stringify(full.content, null, 2) : full.content,
        };
      }}
      rowActions={(row, h) => (
        <RowButton
          onClick={() =>
            modal.confirm({
              title: t(`${D}setMainConfirm`),
              onOk: async () => {
                await api.setMainVersion(String(row.id));
                message.success(t(`${D}setMainDone`));
                h.reload();
              },
            })
          }
        >
          {t(`${D}setMain`)}
        </RowButton>
      )}
    />
  );
}

export const ModelHistoryPage = () => <HistoryPage kind="model" />;
export const FormHistoryPage = () => <HistoryPage kind="form" />;
