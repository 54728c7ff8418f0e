import { checkRecord, type LcField } from '@swp/contract';
import { describe, expect, it } from 'vitest';
import { initialValues } from '../../../components/form-render';
import {
  accepts,
  commit,
  copyField,
  duplicateModels,
  idOf,
  insertField,
  locate,
  moveField,
  newField,
  nextIdAfter,
  numericRefs,
  PALETTE,
  ROOT,
  redo,
  removeField,
  startHistory,
  undo,
  updateField,
} from './model';

const keys = (list: LcField[]) => list.map((f) => f.__config__.jnpfKey);

describe('designer model', () => {
  it('makes a field of every palette key that the contract rules accept with its defaults', () => {
    let id = 200;
    const fields = PALETTE.map((p) => newField(p.key, id++, p.key));
    expect(new Set(keys(fields)).size).toBe(PALETTE.length);
    // layout keys hold no value, others have `${key}${id}`
    expect(fields.find((f) => f.__config__.jnpfKey === 'card')!.__vModel__).toBeUndefined();
    expect(fields.find((f) => f.__config__.jnpfKey === 'input')!.__vModel__).toBe('input200');
    // tabs and collapses start with two panes
    expect(fields.find((f) => f.__config__.jnpfKey === 'tab')!.__config__.children).toHaveLength(2);
    // a new form with every key is valid with its defaults (nothing required yet)
    const conf = { fields };
    expect(checkRecord(conf, initialValues(conf))).toEqual([]);
  });

  it('inserts into the root, a container, a pane and a sub-table; the sub-table takes simple columns only', () => {
    let f = [newField('card', 1, '卡片'), newField('tab', 2, '标签'), newField('table', 3, '明细')];
    f = insertField(f, newField('input', 4, 'a'), '1');
    f = insertField(f, newField('inputNumber', 5, 'n'), '2-2');
    f = insertField(f, newField('inputNumber', 6, 'qty'), '3');
    expect(accepts(f, '3', 'uploadFile')).toBe(false);
    expect(insertField(f, newField('uploadFile', 7, 'u'), '3')).toBe(f);
    f = insertField(f, newField('input', 8, 'top'), ROOT, 0);
    expect(keys(f)).toEqual(['input', 'card', 'tab', 'table']);
    expect(locate(f, '4')!.parent).toBe('1');
    expect(locate(f, '5')!.parent).toBe('2-2');
    expect(locate(f, '6')!.parent).toBe('3');
  });

  it('moves fields between lists, refuses a move into itself, and removes', () => {
    let f = [newField('row', 1, 'r'), newField('input', 2, 'a'), newField('input', 3, 'b')];
    f = moveField(f, '3', ROOT, 0);
    expect(f.map(idOf)).toEqual(['3', '1', '2']);
    f = moveField(f, '2', '1');
    expect(locate(f, '2')!.parent).toBe('1');
    // a container cannot go into itself
    expect(moveField(f, '1', '1')).toBe(f);
    // moving down within the same list lands before the target
    f = moveField(f, '3', ROOT, 2);
    expect(f.map(idOf)).toEqual(['1', '3']);
    f = removeField(f, '1');
    expect(f.map(idOf)).toEqual(['3']);
  });

  it('copies a field with fresh ids and value keys and updates one in place', () => {
    let n = 50;
    let f = [newField('row', 1, 'r')];
    f = insertField(f, newField('input', 2, 'a'), '1');
    f = copyField(f, '1', () => n++);
    expect(f).toHaveLength(2);
    const copy = f[1];
    expect(idOf(copy)).toBe('50');
    expect(copy.__config__.children![0].__vModel__).toBe('input51');
    expect(duplicateModels(f)).toEqual([]);
    f = updateField(f, '51', (x) => ({ ...x, __vModel__: 'input2' }));
    expect(duplicateModels(f)).toEqual(['input2']);
    expect(nextIdAfter(f)).toBe(101);
  });

  it('offers main-form numbers and sub-table columns as formula references', () => {
    let f = [newField('inputNumber', 1, '单价'), newField('table', 2, '明细'), newField('calculate', 3, '合计')];
    f = insertField(f, newField('inputNumber', 4, '数量'), '2');
    expect(numericRefs(f, 'calculate3')).toEqual([
      { value: 'inputNumber1', label: '单价' },
      { value: 'table2.inputNumber4', label: '明细.数量' },
    ]);
  });

  it('undoes and redoes edits', () => {
    let h = startHistory({ fields: [] });
    h = commit(h, { fields: [newField('input', 1, 'a')] });
    h = commit(h, { fields: [] });
    h = undo(h);
    expect(h.present.fields).toHaveLength(1);
    h = undo(h);
    expect(h.present.fields).toHaveLength(0);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present.fields).toHaveLength(1);
    // a new edit drops the redo steps
    h = commit(h, { fields: [newField('input', 2, 'b'), newField('input', 3, 'c')] });
    expect(h.future).toEqual([]);
  });
});
