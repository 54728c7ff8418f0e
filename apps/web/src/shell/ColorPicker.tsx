/** Colour picker (spec 1 §2.5): the primary colour of every component; default #409EFF, kept in local storage. */
import { ColorPicker as AntColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { website } from '../lib/website';
import { useUi } from '../stores/ui';

export const PRESET_COLORS = [
  website.color,
  '#1677ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#fa8c16',
  '#722ed1',
];

export function ColorPicker() {
  const { t } = useTranslation();
  const color = useUi((s) => s.color);
  const setColor = useUi((s) => s.setColor);
  return (
    <span className="swp-color-picker" data-testid="color-picker" title={t('navbar.color')}>
      <AntColorPicker
        size="small"
        value={color}
        disabledAlpha
        presets={[{ label: t('navbar.color'), colors: PRESET_COLORS }]}
        onChangeComplete={(c) => setColor(c.toHexString())}
      />
    </span>
  );
}
