/**
 * Key-specific rows of the pickers and the rest: organisation pickers, area level, related module, popup's data
 * interface, bill rule, formula, sub-table summary, divider text, collapse accordion.
 */
import { Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExpressionEditor } from './ExpressionEditor';
import { type FieldsProps, type SectionProps, setCfg, setTop } from './patch';
import { NumberRow, Row, SwitchRow, TextRow } from './Row';
import { namedOptions, type PickerSources } from './usePickerSources';

export function OrgRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <SwitchRow field={f} k="multiple" label="lowcode.props.multiple" onChange={onChange} />
      <Row label={t('lowcode.props.ableIds')}>
        <Select mode="tags" value={f.ableIds ?? []} onChange={(v) => onChange(setTop('ableIds', v))} />
      </Row>
    </>
  );
}

export function AreaLevelRow({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Row label={t('lowcode.props.level')}>
      <Select
        value={f.level ?? 2}
        onChange={(v) => onChange(setTop('level', v))}
        options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`lowcode.props.level${v}`) }))}
      />
    </Row>
  );
}

function RelationFieldRow({ field: f, onChange }: SectionProps) {
  return <TextRow field={f} k="relationField" label="lowcode.props.relationField" onChange={onChange} />;
}

export function RelationFormRows({ field: f, onChange, modules }: SectionProps & Pick<PickerSources, 'modules'>) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('lowcode.props.modelId')}>
        <Select
          value={f.modelId || undefined}
          onChange={(v) => onChange(setTop('modelId', v))}
          options={namedOptions(modules)}
        />
      </Row>
      <RelationFieldRow field={f} onChange={onChange} />
    </>
  );
}

export function PopupSelectRows({ field: f, onChange, interfaces }: SectionProps & Pick<PickerSources, 'interfaces'>) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('lowcode.props.dataInterface')}>
        <Select
          value={f.interfaceId || undefined}
          onChange={(v) => onChange(setTop('interfaceId', v))}
          options={namedOptions(interfaces)}
        />
      </Row>
      <TextRow field={f} k="propsValue" label="lowcode.props.propsValue" onChange={onChange} />
      <RelationFieldRow field={f} onChange={onChange} />
    </>
  );
}

export function BillRuleRow({ field: f, onChange, billRules }: SectionProps & Pick<PickerSources, 'billRules'>) {
  const { t } = useTranslation();
  return (
    <Row label={t('lowcode.props.rule')}>
      <Select
        value={f.rule || undefined}
        onChange={(v) => onChange(setTop('rule', v))}
        options={billRules.map((r: any) => ({ value: String(r.enCode ?? r.id), label: r.fullName ?? r.enCode }))}
      />
    </Row>
  );
}

export function CalculateRows({ field: f, fields, onChange }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('lowcode.props.formula')}>
        <ExpressionEditor field={f} fields={fields} onChange={onChange} />
      </Row>
      <NumberRow field={f} k="precision" label="lowcode.props.precision" onChange={onChange} />
      <SwitchRow field={f} k="isAmountChinese" label="lowcode.props.isAmountChinese" onChange={onChange} />
    </>
  );
}

/** A sub-table's summary row and the numeric columns it sums. */
export function TableSummaryRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const cfg = f.__config__;
  const tableCols = (cfg.children ?? []).filter((c) => c.__vModel__);
  return (
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
  );
}

export function DividerRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
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
  );
}

export function AccordionRow({ field: f, onChange }: SectionProps) {
  return <SwitchRow field={f} k="accordion" label="lowcode.props.accordion" onChange={onChange} />;
}
