/**
 * Add or edit a data interface: a SQL query on a connection (with `@name` parameters, a row limit and a timeout) or
 * static data (a JSON array or object). The fields of the other type are not shown and not sent (their values stay
 * while the dialog is open, should the type change back). Mounted per opening: each has a fresh form.
 */
import { App, Col, Form, Row as GridRow, Input, InputNumber, Modal, Radio, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi } from '../../../api/lowcode';
import { interfaceBody, interfaceForm, type Param, paramsProblem, parseStatic, SQL, STATIC } from './interfaces';
import { ParamsEditor } from './ParamsEditor';
import { SourceSelect } from './SourceSelect';

export interface InterfaceDialogProps {
  /** `{}`: add; a row: edit */
  row: Row;
  sources: Row[];
  onClose(): void;
  onSaved(): void;
}

const DEFAULTS = { dataType: SQL, rowLimit: 1000, timeoutMs: 5000, enabledMark: true, sortCode: 0, parameterJson: [] };
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

export function InterfaceDialog({ row, sources, onClose, onSaved }: InterfaceDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const editing = !!row.id;
  const [initial, setInitial] = useState<Row | undefined>(editing ? undefined : DEFAULTS);
  const [saving, setSaving] = useState(false);
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
    let v: Row;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const problem = v.dataType === SQL ? paramsProblem((v.parameterJson ?? []) as Param[]) : undefined;
    if (problem) {
      message.error(t(problem));
      return;
    }
    setSaving(true);
    try {
      await dataInterfaceApi.submit({ ...interfaceBody(v), ...(editing ? { id: row!.id } : {}) });
      message.success(t(editing ? 'crud.updateSuccess' : 'crud.addSuccess'));
      onSaved();
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
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
            <Col span={12}>
              <Form.Item
                name="fullName"
                label={t('lowcode.di.fullName')}
                rules={[{ required: true, whitespace: true, message: t('lowcode.di.fullNameRequired') }]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="enCode"
                label={t('lowcode.di.enCode')}
                rules={[
                  { required: true, whitespace: true, message: t('lowcode.di.enCodeRequired') },
                  { pattern: /^\s*[A-Za-z][A-Za-z0-9_]*\s*$/, message: t('lowcode.di.enCodeRule') },
                ]}
              >
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('lowcode.di.category')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="dataType" label={t('lowcode.di.dataType')} rules={[{ required: true }]}>
                <Radio.Group
                  options={[
                    { value: SQL, label: t('lowcode.di.sql') },
                    { value: STATIC, label: t('lowcode.di.static') },
                  ]}
                />
              </Form.Item>
            </Col>
            {dataType === SQL ? (
              <>
                <Col span={12}>
                  <Form.Item
                    name="dbLinkId"
                    label={t('lowcode.di.dbLink')}
                    rules={[{ required: true, message: t('lowcode.di.dbLinkRequired') }]}
                  >
                    <SourceSelect sources={sources} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="rowLimit" label={t('lowcode.di.rowLimit')} tooltip={t('lowcode.di.limitsTip')}>
                    <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="timeoutMs" label={t('lowcode.di.timeout')}>
                    <InputNumber min={100} max={60_000} step={500} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="query"
                    label={t('lowcode.di.query')}
                    extra={t('lowcode.di.queryHint')}
                    rules={[{ required: true, whitespace: true, message: t('lowcode.di.queryRequired') }]}
                  >
                    <Input.TextArea rows={8} style={mono} spellCheck={false} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="parameterJson" label={t('lowcode.di.params')}>
                    <ParamsEditor sql={sql} />
                  </Form.Item>
                </Col>
              </>
            ) : (
              <Col span={24}>
                <Form.Item
                  name="staticData"
                  label={t('lowcode.di.staticData')}
                  extra={t('lowcode.di.staticHint')}
                  rules={[
                    { required: true, whitespace: true, message: t('lowcode.di.staticRequired') },
                    {
                      validator: async (_r, v) => {
                        if (!v?.trim()) return;
                        try {
                          JSON.parse(v);
                        } catch {
                          throw new Error(t('lowcode.di.staticInvalid'));
                        }
                        if (parseStatic(v) === undefined) throw new Error(t('lowcode.di.staticShape'));
                      },
                    },
                  ]}
                >
                  <Input.TextArea rows={10} style={mono} spellCheck={false} />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>
              <Form.Item name="enabledMark" label={t('lowcode.di.state')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sortCode" label={t('lowcode.di.sortCode')}>
                <InputNumber min={0} max={999_999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('lowcode.di.description')}>
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </Col>
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}
