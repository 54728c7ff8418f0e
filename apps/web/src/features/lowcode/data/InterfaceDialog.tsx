/**
 * Add or edit a data interface: a SQL query on a connection (with `@name` parameters, a row limit and a timeout) or
 * static data (a JSON array or object). The fields of the other type are not shown and not sent (their values stay
 * while the dialog is open, should the type change back). Mounted per opening: each has a fresh form.
 */
import { App, Form, Row as GridRow, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi } from '../../../api/lowcode';
import { useBusyCall } from '../../../lib/useBusyCall';
import { validValues } from '../../../lib/validValues';
import { HeadFields, SqlFields, StaticField, TailFields } from './interfaceFields';
import { interfaceBody, interfaceForm, type Param, paramsProblem, SQL } from './interfaces';

export interface InterfaceDialogProps {
  /** `{}`: add; a row: edit */
  row: Row;
  sources: Row[];
  onClose(): void;
  onSaved(): void;
}

const DEFAULTS = { dataType: SQL, rowLimit: 1000, timeoutMs: 5000, enabledMark: true, sortCode: 0, parameterJson: [] };

export function InterfaceDialog({ row, sources, onClose, onSaved }: InterfaceDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const editing = !!row.id;
  const [initial, setInitial] = useState<Row | undefined>(editing ? undefined : DEFAULTS);
  const { busy: saving, run } = useBusyCall();
  const dataType = Form.useWatch('dataType', form) ?? initial?.dataType ?? SQL;
  const sql = Form.useWatch('query', form) ?? '';

  useEffect(() => {
    if (!row.id) return;
    let live = true;
    dataInterfaceApi
      .detail(String(row.id))
      .then((d) => {
        if (!live) return;
        const v = interfaceForm(d ?? row);
        setInitial({ ...v, enabledMark: Number(v.enabledMark) === 1 });
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [row, onClose]);

  const save = async () => {
    const v = await validValues<Row>(form);
    if (!v) return;
    const problem = v.dataType === SQL ? paramsProblem((v.parameterJson ?? []) as Param[]) : undefined;
    if (problem) {
      message.error(t(problem));
      return;
    }
    await run(
      () => dataInterfaceApi.submit({ ...interfaceBody(v), ...(editing ? { id: row!.id } : {}) }),
      t(editing ? 'crud.updateSuccess' : 'crud.addSuccess'),
      onSaved,
    );
  };

  const title = `${t(editing ? 'crud.edit' : 'crud.add')} ${t('lowcode.di.title')}`;
  return (
    <Modal
      open
      title={title}
      width={900}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t(editing ? 'crud.update' : 'crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {!initial ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Form form={form} name="interface" labelCol={{ flex: '110px' }} labelWrap initialValues={initial}>
          <GridRow gutter={16}>
            <HeadFields />
            {dataType === SQL ? <SqlFields sources={sources} sql={sql} /> : <StaticField />}
            <TailFields />
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}
