/**
 * The designer's properties panel: the selected field's common settings (label, value key, width, required,
 * hidden, placeholder, default, validation patterns) and those of its key (numbers, options and their source,
 * date format, upload limits, picker ranges, related module, data interface, bill rule, formula, sub-table
 * summary, layout texts and panes); and the form's own settings.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { LcField, LcFormConf, LcOption } from '@swp/contract';
import { Button, Form, Input, InputNumber, Radio, Select, Slider, Space, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOf } from '../../../api/crud';
import { billRuleApi, dictionaryTypeApi } from '../../../api/jnpf';
import { dataInterfaceApi, listOf, visualDevApi } from '../../../api/lowcode';
import { numericRefs } from './model';

type Patch = (f: LcField) => LcField;

const setTop =
  (k: string, v: unknown): Patch =>
  (f) => ({ ...f, [k]: v });
const setCfg =
  (k: string, v: unknown): Patch =>
  (f) => ({ ...f, __config__: { ...f.__config__, [k]: v } });

const CHOICES = ['radio', 'checkbox', 'select', 'cascader', 'treeSelect'];
const ORG = ['organizeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect'];
const SYSTEM = ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currPosition', 'billRule'];

/** Rows loaded once when the panel opens (modules, interfaces, bill rules, dictionary types to choose from). */
function useRemote<T>(load: () => Promise<T[]>): T[] {
  const [rows, setRows] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per panel
  useEffect(() => {
    let live = true;
    load()
      .then((r) => live && setRows(r))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return rows;
}

function OptionsEditor({ field: f, onChange }: { field: LcField; onChange(p: Patch): void }) {
  const { t } = useTranslation();
  const opts = (f.options ?? []) as LcOption[];
  const set = (next: LcOption[]) => onChange(setTop('options', next));
  return (
    <div data-testid="options-editor">
      {opts.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; the value may be empty or repeated while typing
        <Space.Compact key={`${i}-${String(o.id)}`} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            aria-label={t('lowcode.props.optionLabel')}
            value={String(o.fullName ?? '')}
            onChange={(e) => set(opts.map((x, j) => (j === i ? { ...x, fullName: e.target.value } : x)))}
          />
          <Input
            aria-label={t('lowcode.props.optionValue')}
            value={String(o.id ?? '')}
            style={{ width: 90 }}
            onChange={(e) => set(opts.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))}
          />
          <Button icon={<DeleteOutlined />} onClick={() => set(opts.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          set([...opts, { id: String(opts.length + 1), fullName: `${t('lowcode.props.option')}${opts.length + 1}` }])
        }
      >
        {t('lowcode.props.addOption')}
      </Button>
    </div>
  );
}

function RegListEditor({ field: f, onChange }: { field: LcField; onChange(p: Patch): void }) {
  const { t } = useTranslation();
  const list = f.__config__.regList ?? [];
  const set = (next: typeof list) => onChange(setCfg('regList', next));
  return (
    <div>
      {list.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            placeholder={t('lowcode.props.pattern')}
            value={r.pattern}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, pattern: e.target.value } : x)))}
          />
          <Input
            placeholder={t('lowcode.props.patternMessage')}
            value={r.message}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, message: e.target.value } : x)))}
          />
          <Button icon={<DeleteOutlined />} onClick={() => set(list.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => set([...list, { pattern: '', message: '' }])}>
        {t('lowcode.props.addRule')}
      </Button>
    </div>
  );
}

/** The formula editor: field references, numbers and + - × ÷ ( ) as tokens. */
function ExpressionEditor({
  field: f,
  fields,
  onChange,
}: {
  field: LcField;
  fields: LcField[];
  onChange(p: Patch): void;
}) {
  const { t } = useTranslation();
  const expr = f.expression ?? [];
  const refs = numericRefs(fields, f.__vModel__);
  const [num, setNum] = useState<number | null>(null);
  const set = (next: typeof expr) => onChange(setTop('expression', next));
  const text = expr
    .map((x) =>
      typeof x === 'object'
        ? `{${refs.find((r) => r.value === (x.__vModel__ ?? x.field))?.label ?? x.__vModel__ ?? x.field}}`
        : String(x),
    )
    .join(' ');
  return (
    <div data-testid="expression-editor">
      <Input.TextArea readOnly value={text} rows={2} aria-label={t('lowcode.props.formula')} />
      <Space wrap style={{ marginTop: 4 }}>
        <Select
          size="small"
          style={{ width: 180 }}
          placeholder={t('lowcode.props.addFieldRef')}
          aria-label={t('lowcode.props.addFieldRef')}
          options={refs}
          value={null}
          onChange={(v) => v && set([...expr, { __vModel__: v }])}
        />
        {['+', '-', '*', '/', '(', ')'].map((op) => (
          <Button key={op} size="small" onClick={() => set([...expr, op])}>
            {op === '*' ? '×' : op === '/' ? '÷' : op}
          </Button>
        ))}
        <Space.Compact size="small">
          <InputNumber size="small" value={num} onChange={(v) => setNum(v)} aria-label={t('lowcode.props.number')} />
          <Button
            size="small"
            disabled={num === null}
            onClick={() => {
              if (num === null) return;
              set([...expr, String(num)]);
              setNum(null);
            }}
          >
            {t('lowcode.props.addNumber')}
          </Button>
        </Space.Compact>
        <Button size="small" onClick={() => set(expr.slice(0, -1))} disabled={!expr.length}>
          {t('lowcode.props.backspace')}
        </Button>
        <Button size="small" danger onClick={() => set([])} disabled={!expr.length}>
          {t('lowcode.props.clearFormula')}
        </Button>
      </Space>
    </div>
  );
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Form.Item label={label} style={{ marginBottom: 10 }}>
    {children}
  </Form.Item>
);

export function PropertiesPanel({
  field: f,
  fields,
  onChange,
}: {
  field: LcField;
  fields: LcField[];
  onChange(p: Patch): void;
}) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  const pane = key === 'tabItem' || key === 'collapseItem';
  const hasValue = !!f.__vModel__;
  const modules = useRemote(async () => listOf(await visualDevApi.selector()).list);
  const interfaces = useRemote(async () => rowsOf(await dataInterfaceApi.page({ current: 1, size: 500 })).records);
  const billRules = useRemote(async () => listOf(await billRuleApi.selector()).list);
  const dictTypes = useRemote(async () => rowsOf(await dictionaryTypeApi.page({})).records);
  const tableCols = key === 'table' ? (cfg.children ?? []).filter((c) => c.__vModel__) : [];
  const num = (k: string, label: string) => (
    <Row label={t(label)}>
      <InputNumber
        aria-label={t(label)}
        value={(f[k] as number | undefined) ?? null}
        onChange={(v) => onChange(setTop(k, v ?? undefined))}
        style={{ width: '100%' }}
      />
    </Row>
  );
  return (
    <Form layout="vertical" size="small" data-testid="properties-panel">
      <Typography.Paragraph>
        <Tag>{t(`lowcode.key.${key}`, { defaultValue: key })}</Tag>
      </Typography.Paragraph>
      {pane ? (
        <Row label={t('lowcode.props.title')}>
          <Input value={String(f.title ?? '')} onChange={(e) => onChange(setTop('title', e.target.value))} />
        </Row>
      ) : (
        <Row label={t('lowcode.props.label')}>
          <Input
            aria-label={t('lowcode.props.label')}
            value={cfg.label ?? ''}
            onChange={(e) =>
              onChange((x) => {
                const next = setCfg('label', e.target.value)(x);
                return key === 'card'
                  ? { ...next, header: e.target.value }
                  : key === 'groupTitle' || key === 'text'
                    ? { ...next, content: e.target.value }
                    : next;
              })
            }
          />
        </Row>
      )}
      {hasValue && (
        <Row label={t('lowcode.props.vModel')}>
          <Input
            aria-label={t('lowcode.props.vModel')}
            value={f.__vModel__}
            onChange={(e) => onChange(setTop('__vModel__', e.target.value.replace(/[^\w]/g, '')))}
          />
        </Row>
      )}
      {!pane && (
        <Row label={t('lowcode.props.span')}>
          <Slider min={6} max={24} step={1} value={cfg.span ?? 24} onChange={(v) => onChange(setCfg('span', v))} />
        </Row>
      )}
      {hasValue && !SYSTEM.includes(key) && key !== 'calculate' && (
        <Space size="large">
          <Row label={t('lowcode.props.required')}>
            <Switch
              aria-label={t('lowcode.props.required')}
              checked={!!cfg.required}
              onChange={(v) => onChange(setCfg('required', v))}
            />
          </Row>
          <Row label={t('lowcode.props.noShow')}>
            <Switch checked={!!cfg.noShow} onChange={(v) => onChange(setCfg('noShow', v))} />
          </Row>
          <Row label={t('lowcode.props.showLabel')}>
            <Switch checked={cfg.showLabel !== false} onChange={(v) => onChange(setCfg('showLabel', v))} />
          </Row>
        </Space>
      )}
      {hasValue &&
        !['table', 'switch', 'rate', 'slider', 'calculate', 'uploadFile', 'uploadImg', ...SYSTEM].includes(key) && (
          <Row label={t('lowcode.props.placeholder')}>
            <Input value={f.placeholder ?? ''} onChange={(e) => onChange(setTop('placeholder', e.target.value))} />
          </Row>
        )}
      {['input', 'textarea', 'inputNumber', 'select', 'radio', 'datePicker', 'timePicker'].includes(key) && (
        <Row label={t('lowcode.props.defaultValue')}>
          <Input
            aria-label={t('lowcode.props.defaultValue')}
            value={cfg.defaultValue === undefined || cfg.defaultValue === null ? '' : String(cfg.defaultValue)}
            placeholder={key === 'datePicker' || key === 'timePicker' ? 'now' : undefined}
            onChange={(e) => {
              const v = e.target.value;
              onChange(
                setCfg(
                  'defaultValue',
                  v === '' ? undefined : key === 'inputNumber' && Number.isFinite(Number(v)) ? Number(v) : v,
                ),
              );
            }}
          />
        </Row>
      )}
      {(key === 'input' || key === 'textarea') && (
        <>
          {num('maxlength', 'lowcode.props.maxlength')}
          {key === 'input' && (
            <Row label={t('lowcode.props.showPassword')}>
              <Switch checked={!!f.showPassword} onChange={(v) => onChange(setTop('showPassword', v))} />
            </Row>
          )}
          <Row label={t('lowcode.props.regList')}>
            <RegListEditor field={f} onChange={onChange} />
          </Row>
        </>
      )}
      {['inputNumber', 'slider', 'rate'].includes(key) && (
        <>
          {key !== 'rate' && num('min', 'lowcode.props.min')}
          {num('max', 'lowcode.props.max')}
          {key !== 'rate' && num('step', 'lowcode.props.step')}
          {key === 'inputNumber' && num('precision', 'lowcode.props.precision')}
          {key === 'inputNumber' && (
            <Row label={t('lowcode.props.thousands')}>
              <Switch checked={!!f.thousands} onChange={(v) => onChange(setTop('thousands', v))} />
            </Row>
          )}
        </>
      )}
      {CHOICES.includes(key) && (
        <>
          <Row label={t('lowcode.props.dataType')}>
            <Radio.Group
              value={cfg.dataType ?? 'static'}
              onChange={(e) => onChange(setCfg('dataType', e.target.value))}
              options={[
                { value: 'static', label: t('lowcode.props.static') },
                { value: 'dictionary', label: t('lowcode.props.dictionary') },
                { value: 'dynamic', label: t('lowcode.props.dynamic') },
              ]}
            />
          </Row>
          {(cfg.dataType ?? 'static') === 'static' && <OptionsEditor field={f} onChange={onChange} />}
          {cfg.dataType === 'dictionary' && (
            <Row label={t('lowcode.props.dictionaryType')}>
              <Select
                value={cfg.dictionaryType}
                onChange={(v) => onChange(setCfg('dictionaryType', v))}
                options={dictTypes.map((d: any) => ({ value: String(d.id), label: d.fullName }))}
              />
            </Row>
          )}
          {cfg.dataType === 'dynamic' && (
            <Row label={t('lowcode.props.dataInterface')}>
              <Select
                value={cfg.propsUrl}
                onChange={(v) => onChange(setCfg('propsUrl', v))}
                options={interfaces.map((d: any) => ({ value: String(d.id), label: d.fullName }))}
              />
            </Row>
          )}
          {(key === 'select' || key === 'treeSelect') && (
            <Row label={t('lowcode.props.multiple')}>
              <Switch checked={!!f.multiple} onChange={(v) => onChange(setTop('multiple', v))} />
            </Row>
          )}
        </>
      )}
      {(key === 'datePicker' || key === 'timePicker') && (
        <Row label={t('lowcode.props.format')}>
          <Select
            value={f.format}
            onChange={(v) => onChange(setTop('format', v))}
            options={(key === 'datePicker'
              ? ['yyyy-MM-dd', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM']
              : ['HH:mm:ss', 'HH:mm']
            ).map((v) => ({ value: v, label: v }))}
          />
        </Row>
      )}
      {(key === 'uploadFile' || key === 'uploadImg') && (
        <>
          {num('limit', 'lowcode.props.limit')}
          {num('fileSize', 'lowcode.props.fileSize')}
          <Row label={t('lowcode.props.sizeUnit')}>
            <Select
              value={f.sizeUnit ?? 'MB'}
              onChange={(v) => onChange(setTop('sizeUnit', v))}
              options={['KB', 'MB', 'GB'].map((v) => ({ value: v, label: v }))}
            />
          </Row>
          <Row label={t('lowcode.props.accept')}>
            <Input value={f.accept ?? ''} onChange={(e) => onChange(setTop('accept', e.target.value))} />
          </Row>
        </>
      )}
      {ORG.includes(key) && (
        <>
          <Row label={t('lowcode.props.multiple')}>
            <Switch checked={!!f.multiple} onChange={(v) => onChange(setTop('multiple', v))} />
          </Row>
          <Row label={t('lowcode.props.ableIds')}>
            <Select mode="tags" value={f.ableIds ?? []} onChange={(v) => onChange(setTop('ableIds', v))} />
          </Row>
        </>
      )}
      {key === 'areaSelect' && (
        <Row label={t('lowcode.props.level')}>
          <Select
            value={f.level ?? 2}
            onChange={(v) => onChange(setTop('level', v))}
            options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`lowcode.props.level${v}`) }))}
          />
        </Row>
      )}
      {key === 'relationForm' && (
        <>
          <Row label={t('lowcode.props.modelId')}>
            <Select
              value={f.modelId || undefined}
              onChange={(v) => onChange(setTop('modelId', v))}
              options={modules.map((m: any) => ({ value: String(m.id), label: m.fullName }))}
            />
          </Row>
          <Row label={t('lowcode.props.relationField')}>
            <Input value={f.relationField ?? ''} onChange={(e) => onChange(setTop('relationField', e.target.value))} />
          </Row>
        </>
      )}
      {key === 'popupSelect' && (
        <>
          <Row label={t('lowcode.props.dataInterface')}>
            <Select
              value={f.interfaceId || undefined}
              onChange={(v) => onChange(setTop('interfaceId', v))}
              options={interfaces.map((d: any) => ({ value: String(d.id), label: d.fullName }))}
            />
          </Row>
          <Row label={t('lowcode.props.propsValue')}>
            <Input value={f.propsValue ?? ''} onChange={(e) => onChange(setTop('propsValue', e.target.value))} />
          </Row>
          <Row label={t('lowcode.props.relationField')}>
            <Input value={f.relationField ?? ''} onChange={(e) => onChange(setTop('relationField', e.target.value))} />
          </Row>
        </>
      )}
      {key === 'billRule' && (
        <Row label={t('lowcode.props.rule')}>
          <Select
            value={f.rule || undefined}
            onChange={(v) => onChange(setTop('rule', v))}
            options={billRules.map((r: any) => ({ value: String(r.enCode ?? r.id), label: r.fullName ?? r.enCode }))}
          />
        </Row>
      )}
      {key === 'calculate' && (
        <>
          <Row label={t('lowcode.props.formula')}>
            <ExpressionEditor field={f} fields={fields} onChange={onChange} />
          </Row>
          {num('precision', 'lowcode.props.precision')}
          <Row label={t('lowcode.props.isAmountChinese')}>
            <Switch checked={!!f.isAmountChinese} onChange={(v) => onChange(setTop('isAmountChinese', v))} />
          </Row>
        </>
      )}
      {key === 'table' && (
        <>
          <Row label={t('lowcode.props.showSummary')}>
            <Switch
              aria-label={t('lowcode.props.showSummary')}
              checked={!!cfg.showSummary}
              onChange={(v) => onChange(setCfg('showSummary', v))}
            />
          </Row>
          <Row label={t('lowcode.props.summaryField')}>
            <Select
              mode="multiple"
              value={cfg.summaryField ?? []}
              onChange={(v) => onChange(setCfg('summaryField', v))}
              options={tableCols
                .filter((c) => ['inputNumber', 'slider', 'calculate'].includes(c.__config__.jnpfKey))
                .map((c) => ({ value: c.__vModel__!, label: c.__config__.label ?? c.__vModel__ }))}
            />
          </Row>
        </>
      )}
      {key === 'divider' && (
        <>
          <Row label={t('lowcode.props.content')}>
            <Input value={String(f.content ?? '')} onChange={(e) => onChange(setTop('content', e.target.value))} />
          </Row>
          <Row label={t('lowcode.props.contentPosition')}>
            <Radio.Group
              value={f.contentPosition ?? 'center'}
              onChange={(e) => onChange(setTop('contentPosition', e.target.value))}
              options={['left', 'center', 'right'].map((v) => ({ value: v, label: t(`lowcode.props.${v}`) }))}
            />
          </Row>
        </>
      )}
      {(key === 'tab' || key === 'collapse') && (
        <Row label={t('lowcode.props.panes')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {(cfg.children ?? []).map((p, i) => (
              <Space.Compact key={String(p.__config__.formId)} style={{ width: '100%' }}>
                <Input
                  value={String(p.title ?? '')}
                  onChange={(e) =>
                    onChange(
                      setCfg(
                        'children',
                        (cfg.children ?? []).map((x, j) => (j === i ? { ...x, title: e.target.value } : x)),
                      ),
                    )
                  }
                />
                <Button
                  icon={<DeleteOutlined />}
                  disabled={(cfg.children ?? []).length <= 1}
                  onClick={() =>
                    onChange(
                      setCfg(
                        'children',
                        (cfg.children ?? []).filter((_, j) => j !== i),
                      ),
                    )
                  }
                />
              </Space.Compact>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const n = (cfg.children ?? []).length + 1;
                const item = key === 'tab' ? 'tabItem' : 'collapseItem';
                onChange(
                  setCfg('children', [
                    ...(cfg.children ?? []),
                    {
                      title: `${cfg.label ?? ''} ${n}`,
                      name: `${Date.now()}`,
                      __config__: { jnpfKey: item, formId: `${cfg.formId}-${Date.now()}`, children: [] },
                    },
                  ]),
                );
              }}
            >
              {t('lowcode.props.addPane')}
            </Button>
          </Space>
        </Row>
      )}
      {key === 'collapse' && (
        <Row label={t('lowcode.props.accordion')}>
          <Switch checked={!!f.accordion} onChange={(v) => onChange(setTop('accordion', v))} />
        </Row>
      )}
    </Form>
  );
}

export function FormProps({ conf, onChange }: { conf: LcFormConf; onChange(patch: Partial<LcFormConf>): void }) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="small" data-testid="form-props">
      <Row label={t('lowcode.props.labelWidth')}>
        <InputNumber
          min={40}
          max={400}
          value={conf.labelWidth ?? 100}
          onChange={(v) => onChange({ labelWidth: v ?? 100 })}
          style={{ width: '100%' }}
        />
      </Row>
      <Row label={t('lowcode.props.labelPosition')}>
        <Radio.Group
          value={conf.labelPosition ?? 'right'}
          onChange={(e) => onChange({ labelPosition: e.target.value })}
          options={['left', 'right', 'top'].map((v) => ({ value: v, label: t(`lowcode.props.${v}`) }))}
        />
      </Row>
      <Row label={t('lowcode.props.gutter')}>
        <InputNumber
          min={0}
          max={48}
          value={conf.gutter ?? 15}
          onChange={(v) => onChange({ gutter: v ?? 15 })}
          style={{ width: '100%' }}
        />
      </Row>
      <Row label={t('lowcode.props.popupType')}>
        <Radio.Group
          value={conf.popupType ?? 'general'}
          onChange={(e) => onChange({ popupType: e.target.value })}
          options={['general', 'fullScreen', 'drawer'].map((v) => ({ value: v, label: t(`lowcode.props.popup.${v}`) }))}
        />
      </Row>
    </Form>
  );
}
