/**
 * The layout editor's state and calls: the screen being arranged and its saved (or default) layout, the widgets as
 * edited with the one selected, adding, changing and removing widgets, dragging them, and saving or resetting.
 */
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ScreenCode, screenApi, type Widget, type WidgetCode } from '../../api/screen';
import { layoutProblems } from './grid';
import { DEFAULT_OPTIONS, freePlace } from './layoutEditing';
import { useWidgetDrag } from './useWidgetDrag';

export function useLayoutEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState<ScreenCode>('overview');
  const layout = useQuery({ queryKey: ['screen-layout', code], queryFn: () => screenApi.layout(code) });
  const [widgets, setWidgets] = useState<Widget[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  // edits start again from each layout read (the options copied, so editing them leaves the query's data alone)
  useEffect(() => {
    if (layout.data) setWidgets(layout.data.widgets.map((w) => ({ ...w, options: { ...w.options } })));
  }, [layout.data]);

  const problems = layoutProblems(widgets);
  const update = (i: number, patch: Partial<Widget>) =>
    setWidgets((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const drag = useWidgetDrag(widgets, update, setSelected);

  const chooseScreen = (c: ScreenCode) => {
    setCode(c);
    setSelected(null);
  };
  /** A new widget takes the first free 6 × 4 place, else the first free 2 × 2, else the corner. */
  const add = (widget: WidgetCode) => {
    const large = freePlace(widgets, 6, 4);
    const box = large ? { ...large, w: 6, h: 4 } : { ...(freePlace(widgets, 2, 2) ?? { x: 0, y: 0 }), w: 2, h: 2 };
    setWidgets((ws) => [...ws, { widget, ...box, options: { ...DEFAULT_OPTIONS[widget] } }]);
    setSelected(widgets.length);
  };
  const remove = (i: number) => {
    setWidgets((ws) => ws.filter((_, j) => j !== i));
    setSelected(null);
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

  return {
    code,
    chooseScreen,
    layout,
    widgets,
    selected,
    setSelected,
    saving,
    problems,
    update,
    add,
    remove,
    drag,
    save,
    reset,
  };
}
