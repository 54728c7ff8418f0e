/**
 * The record dialog of a dynamic page (modal, full screen or drawer, as the form says): view, add or edit a row,
 * with the form's script hooks around loading and saving.
 */
import type { LcFormConf } from '@swp/contract';
import { App, Button, Drawer, Modal, Space, Spin } from 'antd';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { onlineDevApi } from '../../../api/lowcode';
import {
  checkedValues,
  FormRender,
  type FormRenderHandle,
  initialValues,
  runSchemaHook,
} from '../../../components/form-render';

export type Mode = 'add' | 'edit' | 'view';

/**
 * The row the dialog shows: read by id (or the form's initial values for a new row), with the beforeMount hook
 * before it shows and the afterMount hook once it does.
 */
function useRecordValue(
  moduleId: string,
  conf: LcFormConf,
  state: { mode: Mode; id?: string } | null,
  warn: (hook: string, error?: string) => unknown,
  ref: RefObject<FormRenderHandle | null>,
) {
  const [value, setValue] = useState<Row | undefined>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!state) return;
    let live = true;
    setValue(undefined);
    setLoading(true);
    (async () => {
      let data: Row = {};
      if (state.id) data = (await onlineDevApi.get(moduleId, state.id)) ?? {};
      if (state.mode !== 'view') {
        // beforeMount may prefill; afterMount runs once the form shows the values
        const before = await runSchemaHook(conf, 'beforeMount', data, state.mode === 'edit' ? 'edit' : 'add');
        warn('beforeMount', before.error);
        data = before.data;
      }
      if (!live) return;
      setValue(state.mode === 'add' && !state.id ? { ...initialValues(conf), ...data } : data);
      setLoading(false);
      if (state.mode !== 'view') {
        const after = await runSchemaHook(conf, 'afterMount', data, state.mode === 'edit' ? 'edit' : 'add');
        warn('afterMount', after.error);
        if (live && !after.error && JSON.stringify(after.data) !== JSON.stringify(data))
          ref.current?.setValues(after.data);
      }
    })().catch(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [state, moduleId, conf, warn, ref.current?.setValues]);
  return { value, loading };
}

export function RecordDialog({
  moduleId,
  conf,
  state,
  onClose,
}: {
  moduleId: string;
  conf: LcFormConf;
  state: { mode: Mode; id?: string } | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ref = useRef<FormRenderHandle>(null);
  const [saving, setSaving] = useState(false);
  const mode = state?.mode;
  const scriptMode = mode === 'edit' ? 'edit' : 'add';
  const warn = useCallback(
    (hook: string, error?: string) => error && message.warning(t('formRender.scriptError', { hook, error })),
    [message, t],
  );
  const { value, loading } = useRecordValue(moduleId, conf, state, warn, ref);

  const save = async () => {
    const values = await checkedValues(ref.current!, message.error);
    if (!values) return;
    const before = await runSchemaHook(conf, 'beforeSubmit', values, scriptMode);
    warn('beforeSubmit', before.error);
    if (before.stop) {
      message.error(typeof before.stop === 'string' ? before.stop : t('formRender.scriptStopped'));
      return;
    }
    const { id: _id, ...data } = before.data as Row;
    setSaving(true);
    try {
      if (mode === 'edit' && state?.id) await onlineDevApi.update(moduleId, state.id, data);
      else await onlineDevApi.create(moduleId, data);
      message.success(t(mode === 'edit' ? 'lowcode.dynamic.updated' : 'lowcode.dynamic.created'));
      const after = await runSchemaHook(conf, 'afterSubmit', data, scriptMode);
      warn('afterSubmit', after.error);
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  const title = mode ? t(`lowcode.dynamic.${mode}`) : '';
  const body = (
    <Spin spinning={loading}>
      {value !== undefined && (
        <FormRender conf={conf} value={value} disabled={mode === 'view'} handleRef={ref} testId="record-form" />
      )}
    </Spin>
  );
  const footer = (
    <Space>
      <Button onClick={() => onClose(false)}>{t(mode === 'view' ? 'common.close' : 'common.cancel')}</Button>
      {mode !== 'view' && (
        <Button type="primary" loading={saving} onClick={save} data-testid="record-save">
          {t('common.ok')}
        </Button>
      )}
    </Space>
  );
  if (conf.popupType === 'drawer')
    return (
      <Drawer open={!!state} title={title} size={800} onClose={() => onClose(false)} footer={footer} destroyOnHidden>
        {body}
      </Drawer>
    );
  return (
    <Modal
      open={!!state}
      title={title}
      width={conf.popupType === 'fullScreen' ? '100%' : 880}
      style={conf.popupType === 'fullScreen' ? { top: 0, maxWidth: '100vw' } : undefined}
      maskClosable={false}
      onCancel={() => onClose(false)}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
