/**
 * The add/edit/view dialog of a CrudPage: opening it (detail fetch, defaults, the screen's form script) and saving
 * it (schema values, hidden values given on open, beforeSubmit / onSave hooks, the success message).
 */
import { App, Form } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { fromFormValue, toFormValue } from './fields';
import type { CrudPageConfig, DialogMode } from './types';
import { useFormScript } from './useFormScript';

export function useCrudDialog<T extends Row>(props: CrudPageConfig<T>, reload: () => void) {
  const { api, columns, rowKey = 'id', texts = {} } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [dialog, setDialog] = useState<{ open: boolean; mode: DialogMode; row?: T; loading: boolean }>({
    open: false,
    mode: 'add',
    loading: false,
  });
  const [saving, setSaving] = useState(false);
  const formScript = useFormScript();

  const fillForm = (values: Partial<T>) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) out[c.prop] = toFormValue(c, (values as Row)[c.prop]);
    form.setFieldsValue(out);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: fillForm reads the current form; the rest is listed
  const open = useCallback(
    async (mode: DialogMode, row?: T) => {
      setDialog({ open: true, mode, row, loading: mode !== 'add' });
      form.resetFields();
      try {
        let values: Partial<T>;
        if (props.beforeOpen) values = await props.beforeOpen(mode, row);
        else if (mode !== 'add' && row && api.detail) values = (await api.detail(String(row[rowKey]))) ?? row;
        else values = row ?? ({} as Partial<T>);
        if (mode === 'add') {
          const defaults: Row = {};
          for (const c of columns) if (c.defaultValue !== undefined) defaults[c.prop] = c.defaultValue;
          values = { ...defaults, ...(props.defaults ?? {}), ...values } as Partial<T>;
        }
        const scripted = mode !== 'view' && !!formScript.script;
        if (scripted) values = (await formScript.run('beforeMount', values as Row, mode)).data as Partial<T>;
        // the dialog renders its form after this tick
        setTimeout(() => {
          fillForm(values);
          if (!scripted) return;
          void formScript.run('afterMount', values as Row, mode).then((out) => {
            if (JSON.stringify(out.data) !== JSON.stringify(values)) fillForm(out.data as Partial<T>);
          });
        }, 0);
        setDialog((d) => ({ ...d, row: { ...(row ?? {}), ...values } as T, loading: false }));
      } catch {
        setDialog((d) => ({ ...d, open: false, loading: false }));
      }
    },
    [api, columns, props.beforeOpen, props.defaults, rowKey, formScript],
  );

  /** The form's values as a record: schema conversions, hidden values given on open, no tree helpers. */
  const valuesToSave = (raw: Record<string, unknown>): Row => {
    const { mode, row } = dialog;
    let values: Row = {};
    for (const c of columns) {
      if (!(c.prop in raw)) continue;
      values[c.prop] = fromFormValue(c, raw[c.prop]);
    }
    // hidden values given when the dialog opened (e.g. the parent of a new child) travel with the form's
    if (mode === 'add') values = { ...(props.defaults ?? {}), ...((row ?? {}) as Row), ...values };
    if (mode === 'edit' && row) values = { ...row, ...values, [rowKey]: row[rowKey] };
    // the table's tree helpers are not part of the record
    delete values.children;
    delete values.hasChildren;
    return values;
  };

  const submit = async () => {
    let raw: Record<string, unknown>;
    try {
      raw = await form.validateFields();
    } catch {
      return;
    }
    const { mode, row } = dialog;
    let values = valuesToSave(raw);
    setSaving(true);
    const scriptMode = mode === 'add' ? 'add' : 'edit';
    if (formScript.script) {
      const out = await formScript.run('beforeSubmit', values, scriptMode);
      if (out.stop) {
        setSaving(false);
        message.warning(out.stop === true ? t('crud.scriptStopped') : out.stop);
        return;
      }
      values = out.data;
    }
    try {
      const shaped = props.beforeSubmit
        ? await props.beforeSubmit(values as Partial<T>, mode, row)
        : (values as Partial<T>);
      if (props.onSave) await props.onSave(shaped, mode, row);
      else await api.submit(shaped);
      message.success(
        t(mode === 'add' ? (texts.addSuccess ?? 'crud.addSuccess') : (texts.updateSuccess ?? 'crud.updateSuccess')),
      );
      setDialog((d) => ({ ...d, open: false }));
      props.afterSave?.(mode);
      if (formScript.script) void formScript.run('afterSubmit', shaped as Row, scriptMode);
      reload();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const close = () => setDialog((d) => ({ ...d, open: false }));

  return { form, dialog, saving, open, submit, close };
}
