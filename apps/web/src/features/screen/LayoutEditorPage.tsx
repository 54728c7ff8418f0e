/**
 * 大屏编排 (administrators): arrange a big screen from the widget catalogue — which widgets, where on the 24 × 12 grid
 * of the 1920×1080 stage, and what data each shows — and save it for the utility; the screen and its share links
 * are drawn from the saved arrangement. Widgets are dragged on the scaled preview (move, or resize by the corner)
 * or placed by numbers in the list; overlapping or out-of-grid arrangements are not sent.
 */
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import { LayoutCanvas } from './LayoutCanvas';
import { useLayoutEditor } from './useLayoutEditor';
import { type ListedWidget, widgetColumns } from './widgetColumns';

export default function LayoutEditorPage() {
  const { t } = useTranslation();
  const editor = useLayoutEditor();
  const { widgets, selected, setSelected, problems } = editor;

  return (
    <Card
      title={t('menu.screen.layout')}
      extra={
        <EditorToolbar
          code={editor.code}
          onScreen={editor.chooseScreen}
          layout={editor.layout.data}
          onAdd={editor.add}
          onReset={editor.reset}
          onSave={editor.save}
          saving={editor.saving}
          canSave={!(problems.length > 0 || widgets.length === 0)}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('screen.editor.hint')}</Typography.Paragraph>
      {problems.length > 0 && <Typography.Paragraph type="danger">{t('screen.editor.problems')}</Typography.Paragraph>}
      <LayoutCanvas widgets={widgets} selected={selected} {...editor.drag} />
      <Table<ListedWidget>
        rowKey="i"
        size="small"
        pagination={false}
        dataSource={widgets.map((w, i) => ({ ...w, i }))}
        rowClassName={(r) => (r.i === selected ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({ onClick: () => setSelected(r.i) })}
        columns={widgetColumns(t, widgets, editor.update, editor.remove)}
      />
    </Card>
  );
}
