/**
 * The form designer (spec 2 §2 low-code development): a field palette, a canvas, a properties panel, undo and
 * redo, preview at desktop and phone widths, and the custom-script editor (the four hooks). Drag a palette item
 * onto the canvas (or into a container), drag fields to reorder or move them; a click on a palette item adds it
 * to the selected container (or the form). The output is a JNPF `formConf`, rendered by `FormRender`.
 */

import {
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  HolderOutlined,
  RedoOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LcField, LcFormConf } from '@swp/contract';
import { App, Button, Card, Empty, Input, Modal, Segmented, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldControl, FormRender, LAYOUT_KEYS } from '../../../components/form-render';
import { ScriptEditorDialog } from '../../../components/widgets';
import {
  accepts,
  commit,
  copyField,
  type History,
  idOf,
  insertField,
  isContainer,
  isPaned,
  locate,
  moveField,
  newField,
  nextIdAfter,
  PALETTE,
  ROOT,
  redo,
  removeField,
  startHistory,
  undo,
  updateField,
} from './model';
import { FormProps, PropertiesPanel } from './PropertiesPanel';

export const PHONE_WIDTH = 375;

export interface FormDesignerProps {
  value: LcFormConf;
  onChange(conf: LcFormConf): void;
  /** extra toolbar content (the host's save button) */
  extra?: ReactNode;
  height?: number | string;
}

const LIST = 'list:';
const PAL = 'palette:';

/** Keys whose canvas preview needs the server (pickers): a plain disabled box instead. */
const REMOTE = [
  'organizeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'areaSelect',
  'relationForm',
  'popupSelect',
  'editor',
];

function PaletteButton({ item, onAdd }: { item: (typeof PALETTE)[number]; onAdd(key: string): void }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, attributes } = useDraggable({ id: `${PAL}${item.key}` });
  return (
    <Button
      ref={setNodeRef}
      size="small"
      block
      data-testid={`palette-${item.key}`}
      onClick={() => onAdd(item.key)}
      {...listeners}
      {...attributes}
      style={{ textAlign: 'left', touchAction: 'none' }}
    >
      {t(item.label)}
    </Button>
  );
}

interface CanvasCtx {
  selected?: string;
  select(id: string): void;
  remove(id: string): void;
  copy(id: string): void;
}

function DropList({
  parent,
  fields,
  ctx,
  empty,
}: {
  parent: string;
  fields: LcField[];
  ctx: CanvasCtx;
  empty?: string;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `${LIST}${parent}` });
  return (
    <div
      ref={setNodeRef}
      data-testid={`drop-${parent}`}
      style={{
        minHeight: parent === ROOT ? 320 : 48,
        padding: 6,
        border: `1px dashed ${isOver ? 'var(--swp-primary, #1677ff)' : 'var(--swp-border, #d9d9d9)'}`,
        borderRadius: 4,
      }}
    >
      <SortableContext items={fields.map(idOf)} strategy={verticalListSortingStrategy}>
        {fields.map((f) => (
          <CanvasItem key={idOf(f)} field={f} ctx={ctx} />
        ))}
      </SortableContext>
      {!fields.length && (
        <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', padding: 8 }}>
          {t(empty ?? 'lowcode.designer.dropHere')}
        </Typography.Text>
      )}
    </div>
  );
}

function CanvasItem({ field: f, ctx }: { field: LcField; ctx: CanvasCtx }) {
  const { t } = useTranslation();
  const id = idOf(f);
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  const key = f.__config__.jnpfKey;
  const active = ctx.selected === id;
  const label = f.__config__.label ?? key;
  let body: ReactNode;
  if (isPaned(f)) {
    body = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {(f.__config__.children ?? []).map((pane) => (
          <div key={idOf(pane)}>
            <Typography.Text type="secondary">{String(pane.title ?? '')}</Typography.Text>
            <DropList parent={idOf(pane)} fields={pane.__config__.children ?? []} ctx={ctx} />
          </div>
        ))}
      </Space>
    );
  } else if (isContainer(f)) {
    body = (
      <DropList
        parent={id}
        fields={f.__config__.children ?? []}
        ctx={ctx}
        empty={key === 'table' ? 'lowcode.designer.dropColumns' : undefined}
      />
    );
  } else if (LAYOUT_KEYS.includes(key)) {
    body = <Typography.Text>{String(f.content ?? '')}</Typography.Text>;
  } else if (REMOTE.includes(key)) {
    body = <Input disabled placeholder={t(`lowcode.key.${key}`)} />;
  } else {
    body = <FieldControl field={f} disabled values={{}} />;
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a canvas item holds controls and containers, which a <button> may not
    <div
      ref={setNodeRef}
      data-testid={`canvas-${f.__vModel__ ?? id}`}
      onClick={(e) => {
        e.stopPropagation();
        ctx.select(id);
      }}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) ctx.select(id);
      }}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        margin: '4px 0',
        padding: 6,
        borderRadius: 4,
        border: `1px solid ${active ? 'var(--swp-primary, #1677ff)' : 'transparent'}`,
        background: active ? 'var(--swp-bg-elevated, rgba(22,119,255,0.04))' : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 4 }}>
        <button
          type="button"
          {...listeners}
          {...attributes}
          aria-label={t('lowcode.designer.drag')}
          style={{ cursor: 'grab', touchAction: 'none', border: 0, background: 'none', padding: 0 }}
        >
          <HolderOutlined />
        </button>
        <Typography.Text strong={active}>
          {f.__config__.required && <span style={{ color: '#ff4d4f' }}>* </span>}
          {label}
        </Typography.Text>
        <Tag style={{ marginInlineStart: 'auto' }}>{t(`lowcode.key.${key}`)}</Tag>
        {active && (
          <>
            <Tooltip title={t('lowcode.designer.copy')}>
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={t('lowcode.designer.copy')}
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.copy(id);
                }}
              />
            </Tooltip>
            <Tooltip title={t('lowcode.designer.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('lowcode.designer.remove')}
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.remove(id);
                }}
              />
            </Tooltip>
          </>
        )}
      </div>
      {body}
    </div>
  );
}

/** Pointer first (nested lists), then rectangles (keyboard, fast drags). */
const collide: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length) {
    // the innermost: prefer a field over a list, and a deeper list over the root
    const fieldHit = hits.find((h) => !String(h.id).startsWith(LIST));
    const listHits = hits.filter((h) => String(h.id).startsWith(LIST) && h.id !== `${LIST}${ROOT}`);
    return fieldHit ? [fieldHit] : listHits.length ? [listHits[listHits.length - 1]] : hits;
  }
  return rectIntersection(args);
};

export function FormDesigner({ value, onChange, extra, height = 'calc(100vh - 220px)' }: FormDesignerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [history, setHistory] = useState<History>(() => startHistory(value));
  const conf = history.present;
  const [selected, setSelected] = useState<string | undefined>();
  const [dragging, setDragging] = useState<string | undefined>();
  const [preview, setPreview] = useState<false | 'pc' | 'phone'>(false);
  const [scriptOpen, setScriptOpen] = useState(false);
  const seq = useRef(nextIdAfter(value.fields));
  const nextId = useCallback(() => seq.current++, []);

  const apply = useCallback(
    (next: LcFormConf) => {
      setHistory((h) => commit(h, next));
      onChange(next);
    },
    [onChange],
  );
  const setFields = (fields: LcField[]) => {
    if (fields !== conf.fields) apply({ ...conf, fields });
  };
  const step = (fn: (h: History) => History) => {
    const next = fn(history);
    setHistory(next);
    onChange(next.present);
  };

  /** Where a click adds: into the selected container (a pane, row, card or table), else after the selected field. */
  const clickTarget = (key: string): { parent: string; index?: number } => {
    if (!selected) return { parent: ROOT };
    const at = locate(conf.fields, selected);
    if (!at) return { parent: ROOT };
    const f = at.field;
    if (isContainer(f) && accepts(conf.fields, selected, key)) return { parent: selected };
    if (isPaned(f)) {
      const pane = f.__config__.children?.[0];
      if (pane) return { parent: idOf(pane) };
    }
    if (accepts(conf.fields, at.parent, key)) return { parent: at.parent, index: at.index + 1 };
    return { parent: ROOT };
  };

  const add = (key: string, target = clickTarget(key)) => {
    const f = newField(key, nextId(), t(`lowcode.key.${key}`));
    if (!accepts(conf.fields, target.parent, key)) {
      message.warning(t('lowcode.designer.notHere'));
      return;
    }
    setFields(insertField(conf.fields, f, target.parent, target.index));
    setSelected(idOf(f));
  };

  const onDragEnd = (e: DragEndEvent) => {
    setDragging(undefined);
    const over = e.over ? String(e.over.id) : undefined;
    if (!over) return;
    const activeId = String(e.active.id);
    let parent = ROOT;
    let index: number | undefined;
    if (over.startsWith(LIST)) parent = over.slice(LIST.length);
    else {
      const at = locate(conf.fields, over);
      if (!at) return;
      parent = at.parent;
      index = at.index;
    }
    if (activeId.startsWith(PAL)) add(activeId.slice(PAL.length), { parent, index });
    else if (activeId !== over) setFields(moveField(conf.fields, activeId, parent, index));
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const groups = useMemo(() => {
    const out = new Map<string, typeof PALETTE>();
    for (const p of PALETTE) out.set(p.group, [...(out.get(p.group) ?? []), p]);
    return [...out];
  }, []);
  const selectedField = selected ? locate(conf.fields, selected)?.field : undefined;
  const ctx: CanvasCtx = {
    selected,
    select: setSelected,
    remove: (id) => {
      setFields(removeField(conf.fields, id));
      setSelected(undefined);
    },
    copy: (id) => setFields(copyField(conf.fields, id, nextId)),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collide}
      onDragStart={(e: DragStartEvent) => setDragging(String(e.active.id))}
      onDragCancel={() => setDragging(undefined)}
      onDragEnd={onDragEnd}
    >
      <div data-testid="form-designer" style={{ display: 'flex', gap: 12, height, minHeight: 480 }}>
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
        <Card
          size="small"
          style={{ flex: 1, overflow: 'auto' }}
          title={
            <Space>
              <Button size="small" icon={<UndoOutlined />} disabled={!history.past.length} onClick={() => step(undo)}>
                {t('lowcode.designer.undo')}
              </Button>
              <Button size="small" icon={<RedoOutlined />} disabled={!history.future.length} onClick={() => step(redo)}>
                {t('lowcode.designer.redo')}
              </Button>
              <Button size="small" icon={<EyeOutlined />} onClick={() => setPreview('pc')}>
                {t('lowcode.designer.preview')}
              </Button>
              <Button size="small" icon={<CodeOutlined />} onClick={() => setScriptOpen(true)}>
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
          }
          extra={extra}
          onClick={() => setSelected(undefined)}
        >
          <DropList parent={ROOT} fields={conf.fields} ctx={ctx} empty="lowcode.designer.empty" />
        </Card>
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
      </div>
      <DragOverlay>
        {dragging?.startsWith(PAL) ? <Tag color="blue">{t(`lowcode.key.${dragging.slice(PAL.length)}`)}</Tag> : null}
      </DragOverlay>
      <Modal
        open={!!preview}
        title={t('lowcode.designer.preview')}
        width={preview === 'phone' ? PHONE_WIDTH + 48 : 1000}
        onCancel={() => setPreview(false)}
        footer={null}
        destroyOnHidden
      >
        <Segmented
          value={preview || 'pc'}
          onChange={(v) => setPreview(v as 'pc' | 'phone')}
          options={[
            { value: 'pc', label: t('lowcode.designer.desktop') },
            { value: 'phone', label: t('lowcode.designer.phone') },
          ]}
          style={{ marginBottom: 12 }}
        />
        <div data-testid={`preview-${preview}`} style={{ width: preview === 'phone' ? PHONE_WIDTH : '100%' }}>
          <FormRender conf={conf} compact={preview === 'phone'} />
        </div>
      </Modal>
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
