/**
 * The designer's drag-and-drop pieces: palette buttons, drop lists (the form, containers and panes) and the canvas
 * items, plus the collision rule that finds the innermost target.
 */
import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { type CollisionDetection, pointerWithin, rectIntersection, useDraggable, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LcField } from '@swp/contract';
import { Button, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldControl, LAYOUT_KEYS } from '../../../components/form-render';
import { idOf, isContainer, isPaned, type PALETTE, ROOT } from './model';
import { ORG } from './properties/patch';

/** Drop-list ids are `list:<parent id>`, palette drag ids `palette:<key>`; field ids are bare. */
export const LIST = 'list:';
export const PAL = 'palette:';

/** Keys whose canvas preview needs the server (pickers): a plain disabled box instead. */
const REMOTE = [...ORG, 'areaSelect', 'relationForm', 'popupSelect', 'editor'];

export function PaletteButton({ item, onAdd }: { item: (typeof PALETTE)[number]; onAdd(key: string): void }) {
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

export interface CanvasCtx {
  selected?: string;
  select(id: string): void;
  remove(id: string): void;
  copy(id: string): void;
}

export function DropList({
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

/** What a canvas item shows under its header: nested drop lists for containers, else a disabled preview. */
function ItemBody({ field: f, ctx }: { field: LcField; ctx: CanvasCtx }) {
  const { t } = useTranslation();
  const id = idOf(f);
  const key = f.__config__.jnpfKey;
  if (isPaned(f))
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {(f.__config__.children ?? []).map((pane) => (
          <div key={idOf(pane)}>
            <Typography.Text type="secondary">{String(pane.title ?? '')}</Typography.Text>
            <DropList parent={idOf(pane)} fields={pane.__config__.children ?? []} ctx={ctx} />
          </div>
        ))}
      </Space>
    );
  if (isContainer(f))
    return (
      <DropList
        parent={id}
        fields={f.__config__.children ?? []}
        ctx={ctx}
        empty={key === 'table' ? 'lowcode.designer.dropColumns' : undefined}
      />
    );
  if (LAYOUT_KEYS.includes(key)) return <Typography.Text>{String(f.content ?? '')}</Typography.Text>;
  if (REMOTE.includes(key)) return <Input disabled placeholder={t(`lowcode.key.${key}`)} />;
  return <FieldControl field={f} disabled values={{}} />;
}

/** Copy and remove, shown on the selected item; a click here must not select the item again. */
function ItemActions({ id, ctx }: { id: string; ctx: CanvasCtx }) {
  const { t } = useTranslation();
  return (
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
  );
}

function CanvasItem({ field: f, ctx }: { field: LcField; ctx: CanvasCtx }) {
  const { t } = useTranslation();
  const id = idOf(f);
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  const key = f.__config__.jnpfKey;
  const active = ctx.selected === id;
  const label = f.__config__.label ?? key;
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
        {active && <ItemActions id={id} ctx={ctx} />}
      </div>
      <ItemBody field={f} ctx={ctx} />
    </div>
  );
}

/** Pointer first (nested lists), then rectangles (keyboard, fast drags). */
export const collide: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length) {
    // the innermost: prefer a field over a list, and a deeper list over the root
    const fieldHit = hits.find((h) => !String(h.id).startsWith(LIST));
    const listHits = hits.filter((h) => String(h.id).startsWith(LIST) && h.id !== `${LIST}${ROOT}`);
    return fieldHit ? [fieldHit] : listHits.length ? [listHits[listHits.length - 1]] : hits;
  }
  return rectIntersection(args);
};
