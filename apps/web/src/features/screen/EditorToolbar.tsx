/**
 * The layout editor's toolbar: which screen is arranged and whether its layout is saved or the default, adding a
 * widget, resetting to the default, opening the screen, and saving (only a sound, non-empty arrangement).
 */
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCREEN_CODES, type ScreenCode, type ScreenLayout, WIDGET_CODES, type WidgetCode } from '../../api/screen';

export function EditorToolbar({
  code,
  onScreen,
  layout,
  onAdd,
  onReset,
  onSave,
  saving,
  canSave,
}: {
  code: ScreenCode;
  onScreen: (c: ScreenCode) => void;
  /** the layout as read, once it is */
  layout: ScreenLayout | undefined;
  onAdd: (c: WidgetCode) => void;
  onReset: () => Promise<void>;
  onSave: () => Promise<void>;
  saving: boolean;
  canSave: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Select
        aria-label={t('screen.editor.screen')}
        data-testid="layout-screen"
        style={{ width: 160 }}
        value={code}
        options={SCREEN_CODES.map((c) => ({ value: c, label: t(`menu.screen.${c}`) }))}
        onChange={onScreen}
      />
      {layout && (
        <Tag color={layout.saved ? 'blue' : 'default'} data-testid="layout-state">
          {layout.saved ? t('screen.editor.isSaved') : t('screen.editor.isDefault')}
        </Tag>
      )}
      <Select
        aria-label={t('screen.editor.add')}
        data-testid="add-widget"
        placeholder={t('screen.editor.add')}
        style={{ width: 180 }}
        value={null}
        options={WIDGET_CODES.map((c) => ({ value: c, label: t(`screen.widgets.${c}`) }))}
        onChange={(c: WidgetCode) => onAdd(c)}
      />
      <Popconfirm title={t('screen.editor.resetConfirm')} onConfirm={onReset}>
        <Button>{t('screen.editor.reset')}</Button>
      </Popconfirm>
      <Button href={`/screen/${code}`} target="_blank">
        {t('screen.editor.open')}
      </Button>
      <Button type="primary" onClick={onSave} loading={saving} disabled={!canSave} data-testid="save-layout">
        {t('screen.editor.save')}
      </Button>
    </Space>
  );
}
