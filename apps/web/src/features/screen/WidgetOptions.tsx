/** The options control of one widget in the layout editor's list: what data the widget shows, by its kind. */
import { useQuery } from '@tanstack/react-query';
import { Checkbox, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dispatchApi } from '../../api/dispatch';
import { KPI_CODES, type Widget } from '../../api/screen';

export function WidgetOptions({ w, onChange }: { w: Widget; onChange: (o: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  // the plants to choose from, read only for a supply widget
  const plan = useQuery({
    queryKey: ['dispatch-plan', 0],
    queryFn: () => dispatchApi.plan(0),
    enabled: w.widget === 'supply',
  });
  const o = w.options;
  switch (w.widget) {
    case 'kpis':
      return (
        <Checkbox.Group
          aria-label={t('screen.editor.kpiItems')}
          value={(o.items as string[]) ?? []}
          options={KPI_CODES.map((k) => ({ value: k, label: t(`screen.kpis.${k}`) }))}
          onChange={(items) => onChange({ ...o, items })}
        />
      );
    case 'supply':
      return (
        <Select
          aria-label={t('screen.editor.plant')}
          style={{ width: 180 }}
          value={(o.plant as string) ?? ''}
          options={[
            { value: '', label: t('screen.editor.utility') },
            ...(plan.data?.plants ?? []).map((p) => ({ value: p.stcd, label: p.stnm })),
          ]}
          onChange={(plant) => onChange(plant ? { ...o, plant } : {})}
        />
      );
    case 'nrw':
      return (
        <Space>
          <Select
            aria-label={t('screen.editor.period')}
            style={{ width: 100 }}
            value={(o.period as string) ?? 'MONTH'}
            options={['DAY', 'MONTH'].map((p) => ({ value: p, label: t(`screen.editor.periods.${p}`) }))}
            onChange={(period) => onChange({ ...o, period })}
          />
          <InputNumber
            aria-label={t('screen.editor.top')}
            min={1}
            max={20}
            value={(o.top as number) ?? 8}
            onChange={(top) => onChange({ ...o, top: top ?? 8 })}
          />
        </Space>
      );
    case 'alarms':
    case 'orders':
      return (
        <InputNumber
          aria-label={t('screen.editor.limit')}
          addonBefore={t('screen.editor.limit')}
          min={1}
          max={w.widget === 'alarms' ? 50 : 20}
          value={(o.limit as number) ?? 7}
          onChange={(limit) => onChange({ ...o, limit: limit ?? 7 })}
        />
      );
    case 'map':
      return (
        <Space>
          {t('screen.editor.showAlarms')}
          <Switch
            aria-label={t('screen.editor.showAlarms')}
            checked={o.alarms !== false}
            onChange={(alarms) => onChange({ ...o, alarms })}
          />
        </Space>
      );
    default:
      return <Typography.Text type="secondary">—</Typography.Text>;
  }
}
