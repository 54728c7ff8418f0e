/**
 * 大屏编排 (administrators): arrange a big screen from the widget catalogue — which widgets, where on the 24 × 12 grid
 * of the 1920×1080 stage, and what data each shows — and save it for the utility; the screen and its share links
 * are drawn from the saved arrangement. Widgets are dragged on the scaled preview (move, or resize by the corner)
 * or placed by numbers in the list; overlapping or out-of-grid arrangements are not sent.
 */
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchApi } from '../../api/dispatch';
import {
  GRID,
  KPI_CODES,
  SCREEN_CODES,
  type ScreenCode,
  screenApi,
  WIDGET_CODES,
  type Widget,
  type WidgetCode,
} from '../../api/screen';
import { boxOf, CELL_H, CELL_W, layoutProblems, overlaps } from './grid';
import { STAGE_H, STAGE_W } from './ScaledStage';

const SCALE = 0.45;
const DEFAULT_OPTIONS: Record<WidgetCode, Record<string, unknown>> = {
  kpis: { items: ['supplyToday', 'pressureRate', 'openAlarms'] },
  supply: {},
  map: { alarms: true },
  nrw: { period: 'MONTH', top: 8 },
  pressure: {},
  quality: {},
  alarms: { limit: 9 },
  patrol: {},
  diagram: {},
  orders: { limit: 7 },
};

/** The first free place of a w × h widget, scanning rows then columns; undefined when the grid is full. */
function freePlace(ws: Widget[], w: number, h: number) {
  for (let y = 0; y + h <= GRID.rows; y++)
    for (let x = 0; x + w <= GRID.cols; x++) if (!ws.some((o) => overlaps(o, { x, y, w, h }))) return { x, y };
  return undefined;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function Options({ w, onChange }: { w: Widget; onChange: (o: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
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

export default function LayoutEditorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState<ScreenCode>('overview');
  const layout = useQuery({ queryKey: ['screen-layout', code], queryFn: () => screenApi.layout(code) });
  const [widgets, setWidgets] = useState<Widget[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ i: number; mode: 'move' | 'size'; sx: number; sy: number; from: Widget } | null>(null);

  useEffect(() => {
    if (layout.data) setWidgets(layout.data.widgets.map((w) => ({ ...w, options: { ...w.options } })));
  }, [layout.data]);

  const problems = layoutProblems(widgets);
  const update = (i: number, patch: Partial<Widget>) =>
    setWidgets((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));

  const add = (widget: WidgetCode) => {
    const place = freePlace(widgets, 6, 4) ?? freePlace(widgets, 2, 2) ?? { x: 0, y: 0 };
    const w = freePlace(widgets, 6, 4) ? 6 : 2;
    const h = freePlace(widgets, 6, 4) ? 4 : 2;
    setWidgets((ws) => [...ws, { widget, ...place, w, h, options: { ...DEFAULT_OPTIONS[widget] } }]);
    setSelected(widgets.length);
  };

  const onDown = (e: ReactPointerEvent, i: number, mode: 'move' | 'size') => {
    e.stopPropagation();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { i, mode, sx: e.clientX, sy: e.clientY, from: widgets[i] };
    setSelected(i);
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = Math.round((e.clientX - d.sx) / (CELL_W * SCALE));
    const dy = Math.round((e.clientY - d.sy) / (CELL_H * SCALE));
    const f = d.from;
    if (d.mode === 'move')
      update(d.i, { x: clamp(f.x + dx, 0, GRID.cols - f.w), y: clamp(f.y + dy, 0, GRID.rows - f.h) });
    else update(d.i, { w: clamp(f.w + dx, 1, GRID.cols - f.x), h: clamp(f.h + dy, 1, GRID.rows - f.y) });
  };
  const onUp = () => {
    drag.current = null;
  };

  const save = async () => {
    setSaving(true);
    try {
      await screenApi.saveLayout(code, widgets);
      message.success(t('screen.editor.saved'));
      await layout.refetch();
    } finally {
      setSaving(false);
    }
  };
  const reset = async () => {
    await screenApi.resetLayout(code);
    await layout.refetch();
  };

  const num = (i: number, k: 'x' | 'y' | 'w' | 'h', max: number, min = 0) => (
    <InputNumber
      aria-label={`${t(`screen.editor.${k}`)} ${i + 1}`}
      data-testid={`w${i}-${k}`}
      size="small"
      min={min}
      max={max}
      value={widgets[i][k]}
      onChange={(v) => update(i, { [k]: v ?? min })}
      style={{ width: 64 }}
    />
  );

  return (
    <Card
      title={t('menu.screen.layout')}
      extra={
        <Space>
          <Select
            aria-label={t('screen.editor.screen')}
            data-testid="layout-screen"
            style={{ width: 160 }}
            value={code}
            options={SCREEN_CODES.map((c) => ({ value: c, label: t(`menu.screen.${c}`) }))}
            onChange={(c) => {
              setCode(c);
              setSelected(null);
            }}
          />
          {layout.data && (
            <Tag color={layout.data.saved ? 'blue' : 'default'} data-testid="layout-state">
              {layout.data.saved ? t('screen.editor.isSaved') : t('screen.editor.isDefault')}
            </Tag>
          )}
          <Select
            aria-label={t('screen.editor.add')}
            data-testid="add-widget"
            placeholder={t('screen.editor.add')}
            style={{ width: 180 }}
            value={null}
            options={WIDGET_CODES.map((c) => ({ value: c, label: t(`screen.widgets.${c}`) }))}
            onChange={(c: WidgetCode) => add(c)}
          />
          <Popconfirm title={t('screen.editor.resetConfirm')} onConfirm={reset}>
            <Button>{t('screen.editor.reset')}</Button>
          </Popconfirm>
          <Button href={`/screen/${code}`} target="_blank">
            {t('screen.editor.open')}
          </Button>
          <Button
            type="primary"
            onClick={save}
            loading={saving}
            disabled={problems.length > 0 || widgets.length === 0}
            data-testid="save-layout"
          >
            {t('screen.editor.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('screen.editor.hint')}</Typography.Paragraph>
      {problems.length > 0 && <Typography.Paragraph type="danger">{t('screen.editor.problems')}</Typography.Paragraph>}
      <div
        data-testid="layout-canvas"
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerLeave={onUp}
        style={{
          position: 'relative',
          width: STAGE_W * SCALE,
          height: STAGE_H * SCALE,
          background: '#020c1f',
          backgroundImage: `linear-gradient(#0f2a4d 1px, transparent 1px), linear-gradient(90deg, #0f2a4d 1px, transparent 1px)`,
          backgroundSize: `${CELL_W * SCALE}px ${CELL_H * SCALE}px`,
          backgroundPosition: `${30 * SCALE}px ${100 * SCALE}px`,
          marginBottom: 16,
          userSelect: 'none',
          touchAction: 'none',
        }}
      >
        {widgets.map((w, i) => {
          const b = boxOf(w);
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the list position is the widget's identity while editing
              key={i}
              data-testid={`canvas-${i}`}
              onPointerDown={(e) => onDown(e, i, 'move')}
              style={{
                position: 'absolute',
                left: b.left * SCALE,
                top: b.top * SCALE,
                width: b.width * SCALE,
                height: b.height * SCALE,
                border: `2px solid ${selected === i ? '#4ee1ff' : '#1d4f91'}`,
                background: 'rgba(8, 30, 66, 0.85)',
                color: '#d6e4ff',
                fontSize: 12,
                padding: 4,
                cursor: 'move',
                boxSizing: 'border-box',
              }}
            >
              {t(`screen.widgets.${w.widget}`)}
              <span
                data-testid={`resize-${i}`}
                onPointerDown={(e) => onDown(e, i, 'size')}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 12,
                  height: 12,
                  background: '#4ee1ff',
                  cursor: 'nwse-resize',
                }}
              />
            </div>
          );
        })}
      </div>
      <Table<Widget & { i: number }>
        rowKey="i"
        size="small"
        pagination={false}
        dataSource={widgets.map((w, i) => ({ ...w, i }))}
        rowClassName={(r) => (r.i === selected ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({ onClick: () => setSelected(r.i) })}
        columns={[
          {
            title: t('screen.editor.widget'),
            dataIndex: 'widget',
            render: (v: WidgetCode, r) => (
              <Select
                aria-label={`${t('screen.editor.widget')} ${r.i + 1}`}
                size="small"
                style={{ width: 170 }}
                value={v}
                options={WIDGET_CODES.map((c) => ({ value: c, label: t(`screen.widgets.${c}`) }))}
                onChange={(c: WidgetCode) => update(r.i, { widget: c, options: { ...DEFAULT_OPTIONS[c] } })}
              />
            ),
          },
          { title: t('screen.editor.x'), render: (_, r) => num(r.i, 'x', GRID.cols - 1) },
          { title: t('screen.editor.y'), render: (_, r) => num(r.i, 'y', GRID.rows - 1) },
          { title: t('screen.editor.w'), render: (_, r) => num(r.i, 'w', GRID.cols, 1) },
          { title: t('screen.editor.h'), render: (_, r) => num(r.i, 'h', GRID.rows, 1) },
          {
            title: t('screen.editor.options'),
            render: (_, r) => <Options w={widgets[r.i]} onChange={(options) => update(r.i, { options })} />,
          },
          {
            title: '',
            render: (_, r) => (
              <Button
                size="small"
                danger
                onClick={(e) => {
                  e.stopPropagation();
                  setWidgets((ws) => ws.filter((_, j) => j !== r.i));
                  setSelected(null);
                }}
              >
                {t('screen.editor.remove')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
