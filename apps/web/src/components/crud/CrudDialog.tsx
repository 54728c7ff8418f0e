/**
 * The add / edit / view dialog of a CrudPage: one form built from the columns; view is the same form, read-only.
 */
import { Button, Col, Form, type FormInstance, Row as GridRow, Modal, Spin } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { FieldControl } from './fields';
import type { CrudColumn, DialogMode, Option } from './types';

export interface CrudDialogProps<T extends Row> {
  open: boolean;
  mode: DialogMode;
  title: string;
  form: FormInstance;
  columns: CrudColumn<T>[];
  options: Record<string, Option[]>;
  row?: T;
  loading: boolean;
  saving: boolean;
  width: number;
  labelWidth: number;
  maskClosable: boolean;
  extra?: ReactNode;
  onSubmit(): void;
  onClose(): void;
}

/** Whether a column shows in the dialog for a mode. */
export function inDialog(c: CrudColumn, mode: DialogMode): boolean {
  if (c.display === false) return false;
  if (mode === 'add') return c.addDisplay !== false;
  if (mode === 'edit') return c.editDisplay !== false;
  return c.viewDisplay !== false;
}

export function CrudDialog<T extends Row>(p: CrudDialogProps<T>) {
  const { t } = useTranslation();
  const view = p.mode === 'view';
  const fields = p.columns.filter((c) => inDialog(c, p.mode));
  const name = `crud-form-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Modal
      open={p.open}
      title={p.title}
      width={p.width}
      maskClosable={p.maskClosable}
      destroyOnHidden
      forceRender={false}
      onCancel={p.onClose}
      footer={
        view
          ? [
              <Button key="close" onClick={p.onClose}>
                {t('crud.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={p.onClose}>
                {t('crud.cancel')}
              </Button>,
              <Button key="save" type="primary" loading={p.saving} onClick={p.onSubmit}>
                {t(p.mode === 'add' ? 'crud.save' : 'crud.update')}
              </Button>,
            ]
      }
    >
      <Spin spinning={p.loading}>
        <Form
          form={p.form}
          name={name}
          layout="horizontal"
          labelCol={{ flex: `${p.labelWidth}px` }}
          labelWrap
          disabled={view}
          data-testid="crud-form"
          preserve={false}
        >
          <GridRow gutter={16}>
            {fields.map((c) => {
              const rules = [
                ...(c.required && !view ? [{ required: true, message: t(c.required) }] : []),
                ...(view
                  ? []
                  : (c.rules ?? []).map((r) =>
                      typeof r === 'object' && typeof r.message === 'string' ? { ...r, message: t(r.message) } : r,
                    )),
              ];
              const wide = c.type === 'textarea' || !!c.component;
              const disabled = view || (p.mode === 'edit' && !!c.editDisabled);
              return (
                <Col key={c.prop} span={c.span ?? (wide ? 24 : 12)}>
                  <Form.Item
                    name={c.prop}
                    label={t(c.label)}
                    rules={rules}
                    validateTrigger={c.trigger ? [c.trigger] : ['onBlur', 'onChange']}
                    valuePropName={c.type === 'switch' && !c.component ? 'checked' : 'value'}
                    extra={c.tip ? t(c.tip) : undefined}
                  >
                    {c.type === 'switch' && !c.component ? (
                      <SwitchField column={c} disabled={disabled} />
                    ) : (
                      <FieldControl
                        column={c}
                        options={p.options[c.prop]}
                        ctx={{ mode: p.mode, form: p.form, row: p.row, disabled }}
                      />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
          </GridRow>
          {p.extra}
        </Form>
      </Spin>
    </Modal>
  );
}

function SwitchField({
  column,
  disabled,
  checked,
  onChange,
  id,
}: {
  column: CrudColumn;
  disabled: boolean;
  checked?: boolean;
  onChange?: (v: boolean) => void;
  id?: string;
}) {
  return (
    <FieldControl
      column={column}
      ctx={{ mode: 'edit', form: undefined as any, disabled }}
      value={checked}
      onChange={onChange}
      id={id}
    />
  );
}
