/**
 * The form designer (spec 2 §2 low-code development): a field palette, a canvas, a properties panel, undo and
 * redo, preview at desktop and phone widths, and the custom-script editor (the four hooks). Drag a palette item
 * onto the canvas (or into a container), drag fields to reorder or move them; a click on a palette item adds it
 * to the selected container (or the form). The output is a JNPF `formConf`, rendered by `FormRender`.
 */

import { CodeOutlined, EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { LcFormConf } from '@swp/contract';
import { Button, Card, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptEditorDialog } from '../../../components/widgets';
import { collide, DropList, PAL, PaletteButton } from './Canvas';
import { DesignerPreview, type PreviewWidth } from './DesignerPreview';
import { FormProps } from './FormProps';
import { locate, PALETTE, ROOT, redo, undo, updateField } from './model';
import { PropertiesPanel } from './PropertiesPanel';
import { useDesigner } from './useDesigner';

export interface FormDesignerProps {
  value: LcFormConf;
  onChange(conf: LcFormConf): void;
  /** extra toolbar content (the host's save button) */
  extra?: ReactNode;
  height?: number | string;
}

type Designer = ReturnType<typeof useDesigner>;

function PaletteCard({ add }: { add(key: string): void }) {
  const { t } = useTranslation();
  const groups = useMemo(() => {
    const out = new Map<string, typeof PALETTE>();
    for (const p of PALETTE) out.set(p.group, [...(out.get(p.group) ?? []), p]);
    return [...out];
  }, []);
  return (
    <Card size="small" title={t('lowcode.designer.palette')} style={{ width: 220, overflow: 'auto' }}>
      {groups.map(([group, items]) => (
        <div key={group} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t(`lowcode.group.${group}`)}</Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, marginTop: 4 }}>
            {items.map((item) => (
              <PaletteButton key={item.key} item={item} onAdd={(k) => add(k)} />
            ))}
          </div>
        </div>
      ))}
    </Card>
  );
}

function CanvasToolbar({ d, onPreview, onScript }: { d: Designer; onPreview(): void; onScript(): void }) {
  const { t } = useTranslation();
  const { history, conf, step, setFields, setSelected } = d;
  return (
    <Space>
      <Button size="small" icon={<UndoOutlined />} disabled={!history.past.length} onClick={() => step(undo)}>
        {t('lowcode.designer.undo')}
      </Button>
      <Button size="small" icon={<RedoOutlined />} disabled={!history.future.length} onClick={() => step(redo)}>
        {t('lowcode.designer.redo')}
      </Button>
      <Button size="small" icon={<EyeOutlined />} onClick={onPreview}>
        {t('lowcode.designer.preview')}
      </Button>
      <Button size="small" icon={<CodeOutlined />} onClick={onScript}>
        {t('lowcode.designer.script')}
      </Button>
      <Button
        size="small"
        danger
        disabled={!conf.fields.length}
        onClick={() => {
          setFields([]);
          setSelected(undefined);
        }}
      >
        {t('lowcode.designer.clear')}
      </Button>
    </Space>
  );
}

/** The right-hand tabs: the selected field's properties and the form's own. */
function SideTabs({ d }: { d: Designer }) {
  const { t } = useTranslation();
  const { conf, selected, setFields, apply } = d;
  const selectedField = selected ? locate(conf.fields, selected)?.field : undefined;
  return (
    <Card size="small" style={{ width: 320, overflow: 'auto' }}>
      <Tabs
        items={[
          {
            key: 'field',
            label: t('lowcode.designer.fieldProps'),
            children: selectedField ? (
              <PropertiesPanel
                key={selected}
                field={selectedField}
                fields={conf.fields}
                onChange={(patch) => setFields(updateField(conf.fields, selected!, patch))}
              />
            ) : (
              <Empty description={t('lowcode.designer.selectField')} />
            ),
          },
          {
            key: 'form',
            label: t('lowcode.designer.formProps'),
            children: <FormProps conf={conf} onChange={(patch) => apply({ ...conf, ...patch })} />,
          },
        ]}
      />
    </Card>
  );
}

export function FormDesigner({ value, onChange, extra, height = 'calc(100vh - 220px)' }: FormDesignerProps) {
  const { t } = useTranslation();
  const d = useDesigner(value, onChange);
  const { conf, setSelected, apply, add, drop, ctx } = d;
  const [dragging, setDragging] = useState<string | undefined>();
  const [preview, setPreview] = useState<PreviewWidth>(false);
  const [scriptOpen, setScriptOpen] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collide}
      onDragStart={(e: DragStartEvent) => setDragging(String(e.active.id))}
      onDragCancel={() => setDragging(undefined)}
      onDragEnd={(e) => {
        setDragging(undefined);
        drop(e);
      }}
    >
      <div data-testid="form-designer" style={{ display: 'flex', gap: 12, height, minHeight: 480 }}>
        <PaletteCard add={add} />
        <Card
          size="small"
          style={{ flex: 1, overflow: 'auto' }}
          title={<CanvasToolbar d={d} onPreview={() => setPreview('pc')} onScript={() => setScriptOpen(true)} />}
          extra={extra}
          onClick={() => setSelected(undefined)}
        >
          <DropList parent={ROOT} fields={conf.fields} ctx={ctx} empty="lowcode.designer.empty" />
        </Card>
        <SideTabs d={d} />
      </div>
      <DragOverlay>
        {dragging?.startsWith(PAL) ? <Tag color="blue">{t(`lowcode.key.${dragging.slice(PAL.length)}`)}</Tag> : null}
      </DragOverlay>
      <DesignerPreview conf={conf} preview={preview} setPreview={setPreview} />
      <ScriptEditorDialog
        open={scriptOpen}
        value={conf.script}
        onCancel={() => setScriptOpen(false)}
        onConfirm={(script: string) => {
          apply({ ...conf, script: script.trim() ? script : undefined });
          setScriptOpen(false);
        }}
      />
    </DndContext>
  );
}
