/** The form's own settings (label width and position, gutter, popup type), beside the field properties. */
import type { LcFormConf } from '@swp/contract';
import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Row } from './properties/Row';

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
