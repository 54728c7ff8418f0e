/**
 * The settings most keys share: title or label, value key, width, required / hidden / label shown, placeholder and
 * default value.
 */
import { Input, Slider, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SectionProps, SYSTEM, setCfg, setTop } from './patch';
import { Row, TextRow } from './Row';

/** Panes (tab and collapse items) have a title; every other key a label, which cards and texts also show. */
function TitleOrLabelRow({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  if (key === 'tabItem' || key === 'collapseItem')
    return (
      <Row label={t('lowcode.props.title')}>
        <Input value={String(f.title ?? '')} onChange={(e) => onChange(setTop('title', e.target.value))} />
      </Row>
    );
  return (
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
  );
}

function FlagRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const cfg = f.__config__;
  return (
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
  );
}

function DefaultValueRow({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  return (
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
  );
}

export function CommonRows({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  const pane = key === 'tabItem' || key === 'collapseItem';
  const hasValue = !!f.__vModel__;
  return (
    <>
      <TitleOrLabelRow field={f} onChange={onChange} />
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
      {hasValue && !SYSTEM.includes(key) && key !== 'calculate' && <FlagRows field={f} onChange={onChange} />}
      {hasValue &&
        !['table', 'switch', 'rate', 'slider', 'calculate', 'uploadFile', 'uploadImg', ...SYSTEM].includes(key) && (
          <TextRow field={f} k="placeholder" label="lowcode.props.placeholder" onChange={onChange} />
        )}
      {['input', 'textarea', 'inputNumber', 'select', 'radio', 'datePicker', 'timePicker'].includes(key) && (
        <DefaultValueRow field={f} onChange={onChange} />
      )}
    </>
  );
}
