/**
 * A screen's menu entry and its button entries, as every seed writes them: code `${screen}_${op}`, path `${path}/${op}`,
 * the `button.${op}` name key, and the add / edit / delete / view set with its icons, order and placement (toolbar,
 * row or both). One definition so the system, low-code and workflow seeds cannot drift apart; other modules reach
 * it through system/index.ts.
 */
import type { MenuItem } from './menus.ts';

/** What names a screen's menu entry, first in every seed's screen builder. */
export type ScreenHead = [code: string, name: string, i18n: string, path: string, icon: string, sort: number];

/** A screen's menu entry: code, name, its i18n key, path, icon (`source`), order and children (its buttons). */
export function screenEntry(...[code, name, i18n, path, icon, sort, children = []]: ScreenEntryArgs): MenuItem {
  return { code, name, i18n, path, source: icon, sort, children };
}
export type ScreenEntryArgs = [...ScreenHead, children?: MenuItem[]];

/** One button of screen `code` at `path` (action: 0 toolbar, 1 row, 2 both). */
export function menuButton(
  code: string,
  path: string,
  op: string,
  name: string,
  icon: string,
  sort: number,
  action: 0 | 1 | 2,
): MenuItem {
  return {
    code: `${code}_${op}`,
    name,
    i18n: `button.${op}`,
    alias: op,
    path: `${path}/${op}`,
    source: icon,
    sort,
    category: 2,
    action,
  };
}

export type CrudOp = 'add' | 'edit' | 'delete' | 'view';
export const CRUD_BUTTONS: Record<CrudOp, { name: string; icon: string }> = {
  add: { name: '新增', icon: 'PlusOutlined' },
  edit: { name: '修改', icon: 'EditOutlined' },
  delete: { name: '删除', icon: 'DeleteOutlined' },
  view: { name: '查看', icon: 'EyeOutlined' },
};

/**
 * add / edit / delete / view of a screen. With `grants`, its writers get all four and its readers the view button;
 * without, the buttons take the screen's own roles.
 */
export function crudButtons(code: string, path: string, grants?: { writers: string[]; readers: string[] }): MenuItem[] {
  const b = (op: CrudOp, sort: number, action: 0 | 1 | 2, roles?: string[]): MenuItem => ({
    ...menuButton(code, path, op, CRUD_BUTTONS[op].name, CRUD_BUTTONS[op].icon, sort, action),
    ...(roles ? { roles } : {}),
  });
  const writers = grants?.writers;
  return [
    b('add', 1, 0, writers),
    b('edit', 2, 2, writers),
    b('delete', 3, 0, writers),
    b('view', 4, 1, grants ? [...new Set([...grants.writers, ...grants.readers])] : undefined),
  ];
}

/**
 * The buttons of a business area's screens, as the area seeds (dma, hydraulic, quality, app) write them: path
 * `${base}/${code}`, alias the code's last part, no icon; granted `roles` unless a button names its own (without
 * either, the button takes its screen's roles). `crud` is a screen's add (toolbar), edit and delete (row) set.
 */
export function areaButtons(base: string, roles?: string[]) {
  const button = (
    code: string,
    name: string,
    i18n: string,
    sort: number,
    action: 0 | 1 | 2,
    own = roles,
  ): MenuItem => ({
    code,
    name,
    i18n,
    alias: code.split('_').pop(),
    path: `${base}/${code}`,
    sort,
    category: 2,
    action,
    ...(own ? { roles: own } : {}),
  });
  const crud = (screen: string): MenuItem[] => [
    button(`${screen}_add`, CRUD_BUTTONS.add.name, 'button.add', 1, 0),
    button(`${screen}_edit`, CRUD_BUTTONS.edit.name, 'button.edit', 2, 1),
    button(`${screen}_delete`, CRUD_BUTTONS.delete.name, 'button.delete', 3, 1),
  ];
  return { button, crud };
}
