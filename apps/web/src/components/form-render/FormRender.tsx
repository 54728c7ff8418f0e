/**
 * The one renderer of the JNPF form schema (../shared/lowcode.md): the designer's preview, online modules,
 * business forms and workflow process forms all use it.
 *
 *   <FormRender conf={formData} value={values} onChange={setValues} disabled={view} handleRef={ref} />
 *
 * `conf` is a `LcFormConf` (or its JSON text, or a bare `fields[]`; older key names are aliased). Values are
 * the record's wire values. `handleRef.current.validate()` checks every field with the contract's rules (the
 * same the server enforces) and resolves with the values, or rejects with the problems. Layout: row, card, tab,
 * collapse, group title, divider and text; sub-tables with a 合计 row; calculated fields over the form and the
 * sub-tables' column sums (`table.field`); system fields read-only.
 */
import { checkValue, type DataField, dataFields, type LcField, type LcFormConf, type RuleError } from '@swp/contract';
import { Card, Col, Collapse, Divider, Form, type FormInstance, Row, Tabs, Typography } from 'antd';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { FieldControl } from './controls';
import { calcInputs, type FormValues, initialValues, keyOf, LAYOUT_KEYS, normaliseConf } from './schema';

export interface FormRenderHandle {
  /** checks every field; resolves with the values or rejects with the problems */
  validate(): Promise<FormValues>;
  /** the current values */
  values(): FormValues;
  /** replaces the values */
  setValues(v: FormValues): void;
  form: FormInstance;
}

export interface FormRenderProps {
  conf: LcFormConf | LcField[] | string | null | undefined;
  /** the record's values (a new record starts from the fields' defaults when omitted) */
  value?: FormValues;
  onChange?(values: FormValues): void;
  /** view mode: every control read-only */
  disabled?: boolean;
  handleRef?: Ref<FormRenderHandle | null>;
  /** a narrow (phone) layout: every field full width, labels on top */
  compact?: boolean;
  testId?: string;
}

export class FormProblems extends Error {
  constructor(readonly problems: RuleError[]) {
    super(problems.map((p) => p.message).join('; '));
  }
}

/**
 * The form's values once every field passes the contract's rules, else null with the first problem shown by
 * `showError` (the fields show them all): a save or check just stops. (lib/validValues is the same for an antd form.)
 */
export async function checkedValues(
  form: FormRenderHandle,
  showError: (text: string) => void,
): Promise<FormValues | null> {
  try {
    return await form.validate();
  } catch (e) {
    if (e instanceof FormProblems) showError(e.problems[0]?.message);
    return null;
  }
}

interface Ctx {
  disabled: boolean;
  compact: boolean;
  gutter: number;
  byModel: Map<string, DataField>;
  form: FormInstance;
}

function Calculated({ field, ctx, conf }: { field: LcField; ctx: Ctx; conf: LcFormConf }) {
  const all = (Form.useWatch((v: FormValues) => v, { form: ctx.form, preserve: true }) ?? {}) as FormValues;
  const values = useMemo(() => calcInputs(conf, all), [conf, all]);
  return (
    <Form.Item name={field.__vModel__} noStyle>
      <FieldControl field={field} values={values} disabled={ctx.disabled} />
    </Form.Item>
  );
}

function Item({ field: f, ctx, conf }: { field: LcField; ctx: Ctx; conf: LcFormConf }) {
  const cfg = f.__config__;
  const df = ctx.byModel.get(f.__vModel__!);
  const label = cfg.showLabel === false ? undefined : cfg.label;
  const rules = df
    ? [
        {
          validator: (_: unknown, v: unknown) => {
            const problems = checkValue(df, v);
            return problems.length ? Promise.reject(new Error(problems[0].message)) : Promise.resolve();
          },
        },
      ]
    : undefined;
  const key = keyOf(f);
  const control =
    key === 'calculate' ? (
      <Calculated field={f} ctx={ctx} conf={conf} />
    ) : (
      <FieldControl field={f} disabled={ctx.disabled} />
    );
  return (
    <Col span={ctx.compact ? 24 : (cfg.span ?? 24)} hidden={!!cfg.noShow}>
      {key === 'calculate' ? (
        <Form.Item
          label={label}
          htmlFor={f.__vModel__}
          required={!!cfg.required}
          tooltip={cfg.tipLabel as string | undefined}
        >
          {control}
        </Form.Item>
      ) : (
        <Form.Item
          name={f.__vModel__}
          label={label}
          required={!!cfg.required}
          rules={rules}
          validateTrigger={['onChange', 'onBlur']}
          tooltip={cfg.tipLabel as string | undefined}
        >
          {control}
        </Form.Item>
      )}
    </Col>
  );
}

function Fields({ fields, ctx, conf }: { fields: LcField[]; ctx: Ctx; conf: LcFormConf }) {
  return (
    <Row gutter={ctx.gutter}>
      {fields.map((f, i) => (
        <Node key={String(f.__config__.formId ?? f.__vModel__ ?? i)} field={f} ctx={ctx} conf={conf} />
      ))}
    </Row>
  );
}

function Node({ field: f, ctx, conf }: { field: LcField; ctx: Ctx; conf: LcFormConf }) {
  const cfg = f.__config__;
  const key = keyOf(f);
  const span = ctx.compact ? 24 : (cfg.span ?? 24);
  const children = cfg.children ?? [];
  if (!LAYOUT_KEYS.includes(key) && f.__vModel__) return <Item field={f} ctx={ctx} conf={conf} />;
  switch (key) {
    case 'row':
      return (
        <Col span={span}>
          <Fields fields={children} ctx={ctx} conf={conf} />
        </Col>
      );
    case 'card':
      return (
        <Col span={span} style={{ marginBottom: 16 }}>
          <Card size="small" title={f.header ?? cfg.label}>
            <Fields fields={children} ctx={ctx} conf={conf} />
          </Card>
        </Col>
      );
    case 'tab':
      return (
        <Col span={span} style={{ marginBottom: 16 }}>
          <Tabs
            items={children.map((pane, i) => ({
              key: String(pane.name ?? i),
              label: pane.title ?? pane.__config__?.label ?? `Tab ${i + 1}`,
              forceRender: true,
              children: <Fields fields={pane.__config__?.children ?? []} ctx={ctx} conf={conf} />,
            }))}
          />
        </Col>
      );
    case 'collapse':
      return (
        <Col span={span} style={{ marginBottom: 16 }}>
          <Collapse
            accordion={!!f.accordion}
            defaultActiveKey={children.map((pane, i) => String(pane.name ?? i))}
            items={children.map((pane, i) => ({
              key: String(pane.name ?? i),
              label: pane.title ?? pane.__config__?.label ?? `${i + 1}`,
              forceRender: true,
              children: <Fields fields={pane.__config__?.children ?? []} ctx={ctx} conf={conf} />,
            }))}
          />
        </Col>
      );
    case 'groupTitle':
      return (
        <Col span={24}>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {f.content ?? cfg.label}
          </Typography.Title>
        </Col>
      );
    case 'divider':
      return (
        <Col span={24}>
          <Divider
            titlePlacement={f.contentPosition === 'left' ? 'start' : f.contentPosition === 'right' ? 'end' : 'center'}
          >
            {f.content}
          </Divider>
        </Col>
      );
    case 'text':
      return (
        <Col span={span}>
          <Typography.Paragraph style={f.textStyle as React.CSSProperties | undefined}>
            {f.content}
          </Typography.Paragraph>
        </Col>
      );
    default:
      return null;
  }
}

export function FormRender({ conf, value, onChange, disabled, handleRef, compact, testId }: FormRenderProps) {
  const schema = useMemo(() => normaliseConf(conf as any), [conf]);
  const [form] = Form.useForm();
  const byModel = useMemo(() => new Map(dataFields(schema).map((d) => [d.vModel, d])), [schema]);
  const emitted = useRef<FormValues | undefined>(undefined);
  const started = useMemo(() => value ?? initialValues(schema), [value, schema]);

  // a value from outside (a loaded record) replaces the form's; our own echoes do not
  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange is a callback and value is read through started
  useEffect(() => {
    if (value !== undefined && value === emitted.current) return;
    form.resetFields();
    form.setFieldsValue(started);
    if (value === undefined) {
      emitted.current = started;
      onChange?.(started);
    }
  }, [started, form]);

  useImperativeHandle(
    handleRef,
    () => ({
      form,
      values: () => form.getFieldsValue(true) as FormValues,
      setValues: (v) => {
        form.setFieldsValue(v);
        emitted.current = form.getFieldsValue(true);
        onChange?.(emitted.current!);
      },
      async validate() {
        try {
          await form.validateFields();
        } catch {
          // the problems are shown under the fields; report them all from the contract's checker
        }
        const values = form.getFieldsValue(true) as FormValues;
        const problems = dataFields(schema).flatMap((df) =>
          df.field.__config__.noShow ? [] : checkValue(df, values[df.vModel]),
        );
        if (problems.length) throw new FormProblems(problems);
        return values;
      },
    }),
    [form, schema, onChange],
  );

  const ctx: Ctx = {
    disabled: !!disabled || !!schema.disabled,
    compact: !!compact,
    gutter: schema.gutter ?? 15,
    byModel,
    form,
  };
  const vertical = compact || schema.labelPosition === 'top';
  return (
    <Form
      form={form}
      data-testid={testId ?? 'form-render'}
      layout={vertical ? 'vertical' : 'horizontal'}
      labelCol={vertical ? undefined : { flex: `${schema.labelWidth ?? 100}px` }}
      labelAlign={schema.labelPosition === 'left' ? 'left' : 'right'}
      labelWrap
      disabled={ctx.disabled}
      onValuesChange={(_, all) => {
        emitted.current = { ...form.getFieldsValue(true), ...all };
        onChange?.(emitted.current!);
      }}
    >
      <Fields fields={schema.fields} ctx={ctx} conf={schema} />
    </Form>
  );
}
