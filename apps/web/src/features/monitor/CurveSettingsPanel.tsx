/** Curve settings (spec 1 §2.13, §3): the outlier filter and thinning with its window, in a popover. */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Form, Popover, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CurveSettings, DILUTE_WINDOWS, type DiluteWindow } from '../../lib/curveSettings';

export interface CurveSettingsPanelProps {
  value: CurveSettings;
  onChange(v: CurveSettings): void;
}

export function CurveSettingsForm({ value, onChange }: CurveSettingsPanelProps) {
  const { t } = useTranslation();
  return (
    <Form layout="horizontal" size="small" style={{ width: 260 }} data-testid="curve-settings">
      <Form.Item label={t('monitor.curve.filterOutliers')} style={{ marginBottom: 8 }}>
        <Switch
          checked={value.filterOutliers}
          onChange={(filterOutliers) => onChange({ ...value, filterOutliers })}
          data-testid="curve-filter"
        />
      </Form.Item>
      <Form.Item label={t('monitor.curve.dilute')} style={{ marginBottom: 8 }}>
        <Switch
          checked={value.dilute}
          onChange={(dilute) => onChange({ ...value, dilute })}
          data-testid="curve-dilute"
        />
      </Form.Item>
      <Form.Item label={t('monitor.curve.window')} style={{ marginBottom: 8 }}>
        <Select<DiluteWindow>
          value={value.window}
          disabled={!value.dilute}
          style={{ width: 120 }}
          onChange={(window) => onChange({ ...value, window })}
          options={DILUTE_WINDOWS.map((w) => ({ value: w, label: t(`monitor.windows.${w}`) }))}
          data-testid="curve-window"
        />
      </Form.Item>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('monitor.curve.hint')}
      </Typography.Text>
    </Form>
  );
}

export function CurveSettingsPanel(props: CurveSettingsPanelProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('monitor.curve.title')}
      content={<CurveSettingsForm {...props} />}
    >
      <Button icon={<SettingOutlined />} data-testid="curve-settings-button">
        {t('monitor.curve.title')}
      </Button>
    </Popover>
  );
}
