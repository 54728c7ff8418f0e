/**
 * Key-specific rows of the value inputs: text length and patterns, number ranges, options and their source, date
 * format, upload limits.
 */
import { Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsEditor, RegListEditor } from './editors';
import { type SectionProps, setCfg, setTop } from './patch';
import { NumberRow, Row, SwitchRow, TextRow } from './Row';
import { namedOptions, type PickerSources } from './usePickerSources';

export function TextRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <NumberRow field={f} k="maxlength" label="lowcode.props.maxlength" onChange={onChange} />
      {f.__config__.jnpfKey === 'input' && (
        <SwitchRow field={f} k="showPassword" label="lowcode.props.showPassword" onChange={onChange} />
      )}
      <Row label={t('lowcode.props.regList')}>
        <RegListEditor field={f} onChange={onChange} />
      </Row>
    </>
  );
}

export function NumericRows({ field: f, onChange }: SectionProps) {
  const key = f.__config__.jnpfKey;
  return (
    <>
      {key !== 'rate' && <NumberRow field={f} k="min" label="lowcode.props.min" onChange={onChange} />}
      <NumberRow field={f} k="max" label="lowcode.props.max" onChange={onChange} />
      {key !== 'rate' && <NumberRow field={f} k="step" label="lowcode.props.step" onChange={onChange} />}
      {key === 'inputNumber' && (
        <NumberRow field={f} k="precision" label="lowcode.props.precision" onChange={onChange} />
      )}
      {key === 'inputNumber' && (
        <SwitchRow field={f} k="thousands" label="lowcode.props.thousands" onChange={onChange} />
      )}
    </>
  );
}

/** Options of radio, checkbox, select, cascader and tree select: typed in, from a dictionary or a data interface. */
export function ChoiceRows({
  field: f,
  onChange,
  dictTypes,
  interfaces,
}: SectionProps & Pick<PickerSources, 'dictTypes' | 'interfaces'>) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  return (
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
            options={namedOptions(dictTypes)}
          />
        </Row>
      )}
      {cfg.dataType === 'dynamic' && (
        <Row label={t('lowcode.props.dataInterface')}>
          <Select
            value={cfg.propsUrl}
            onChange={(v) => onChange(setCfg('propsUrl', v))}
            options={namedOptions(interfaces)}
          />
        </Row>
      )}
      {(key === 'select' || key === 'treeSelect') && (
        <SwitchRow field={f} k="multiple" label="lowcode.props.multiple" onChange={onChange} />
      )}
    </>
  );
}

export function DateFormatRow({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Row label={t('lowcode.props.format')}>
      <Select
        value={f.format}
        onChange={(v) => onChange(setTop('format', v))}
        options={(f.__config__.jnpfKey === 'datePicker'
          ? ['yyyy-MM-dd', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM']
          : ['HH:mm:ss', 'HH:mm']
        ).map((v) => ({ value: v, label: v }))}
      />
    </Row>
  );
}

export function UploadRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <NumberRow field={f} k="limit" label="lowcode.props.limit" onChange={onChange} />
      <NumberRow field={f} k="fileSize" label="lowcode.props.fileSize" onChange={onChange} />
      <Row label={t('lowcode.props.sizeUnit')}>
        <Select
          value={f.sizeUnit ?? 'MB'}
          onChange={(v) => onChange(setTop('sizeUnit', v))}
          options={['KB', 'MB', 'GB'].map((v) => ({ value: v, label: v }))}
        />
      </Row>
      <TextRow field={f} k="accept" label="lowcode.props.accept" onChange={onChange} />
    </>
  );
}
