/**
 * The form designer's state: the edit history (undo / redo), the selected field, and the commands the palette,
 * canvas and drops call (add, move, copy, remove). Every change is committed to the history and reported.
 */
import type { DragEndEvent } from '@dnd-kit/core';
import type { LcField, LcFormConf } from '@swp/contract';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CanvasCtx, LIST, PAL } from './Canvas';
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
  ROOT,
  removeField,
  startHistory,
} from './model';

export function useDesigner(value: LcFormConf, onChange: (conf: LcFormConf) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [history, setHistory] = useState<History>(() => startHistory(value));
  const conf = history.present;
  const [selected, setSelected] = useState<string | undefined>();
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

  /** A palette item dropped adds a field there; a field dropped moves. */
  const drop = (e: DragEndEvent) => {
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

  const ctx: CanvasCtx = {
    selected,
    select: setSelected,
    remove: (id) => {
      setFields(removeField(conf.fields, id));
      setSelected(undefined);
    },
    copy: (id) => setFields(copyField(conf.fields, id, nextId)),
  };

  return { history, conf, selected, setSelected, apply, setFields, step, add, drop, ctx };
}
