/**
 * The columns of the layout editor's widget list: each widget's kind, its place and size in grid cells, its
 * options, and removing it.
 */
import { Button, InputNumber, Select, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { GRID, WIDGET_CODES, type Widget, type WidgetCode } from '../../api/screen';
import { DEFAULT_OPTIONS } from './layoutEditing';
import { WidgetOptions } from './WidgetOptions';

/** A widget with its position in the list, which is its identity while editing. */
export type ListedWidget = Widget & { i: number };

export function widgetColumns(
  t: TFunction,
  widgets: Widget[],
  update: (i: number, patch: Partial<Widget>) => void,
  remove: (i: number) => void,
): TableColumnsType<ListedWidget> {
  /** A number box for one of a widget's grid figures. */
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
  return [
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
          // another kind of widget starts from its own default options
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
      render: (_, r) => <WidgetOptions w={widgets[r.i]} onChange={(options) => update(r.i, { options })} />,
    },
    {
      title: '',
      render: (_, r) => (
        <Button
          size="small"
          danger
          onClick={(e) => {
            // the click would also select the row being removed
            e.stopPropagation();
            remove(r.i);
          }}
        >
          {t('screen.editor.remove')}
        </Button>
      ),
    },
  ];
}
