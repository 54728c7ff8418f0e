/**
 * The menu entry a published module gets (category 3, `lc_<id>`) with its buttons, and taking it off again.
 */
import { and, eq, like, or } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import { type MenuItem, menu } from '../system/index.ts';
import type { ModuleRow } from './modules.ts';

const MODULE_BUTTONS: [string, string, string, 0 | 1 | 2][] = [
  ['add', '新增', 'PlusOutlined', 0],
  ['edit', '修改', 'EditOutlined', 1],
  ['delete', '删除', 'DeleteOutlined', 2],
  ['view', '查看', 'EyeOutlined', 1],
  ['export', '导出', 'DownloadOutlined', 0],
  ['import', '导入', 'UploadOutlined', 0],
];

/**
 * The propertyJson of a module's menu entry: its module, and its English name (`nameEn`), which the route tree
 * passes on as `meta.nameEn` for the client to show in English (a tenant's own module has no i18n key).
 */
export function menuProps(m: Pick<ModuleRow, 'id' | 'enName'>): Record<string, unknown> {
  return m.enName ? { moduleId: m.id, nameEn: m.enName } : { moduleId: m.id };
}

/** The menu entry (category 3) of a module and its buttons, granted within the module's own tenant only. */
export function moduleMenu(
  m: Pick<ModuleRow, 'id' | 'fullName' | 'tenantId' | 'enName'>,
  parentCode: string,
  opts: { icon?: string | null; sort?: number; topMenuCodes?: string[]; roles?: string[] } = {},
): MenuItem {
  const code = `lc_${m.id}`;
  return {
    topMenuCodes: opts.topMenuCodes,
    roles: opts.roles,
    tenantId: m.tenantId,
    code,
    name: m.fullName,
    path: `/dynamic/index?id=${m.id}`,
    source: opts.icon || 'AppstoreOutlined',
    sort: opts.sort ?? 1,
    category: 3,
    propertyJson: menuProps(m),
    parentCode,
    children: MODULE_BUTTONS.map(([op, name, src, action], i) => ({
      code: `${code}_${op}`,
      name,
      i18n: `button.${op}`,
      alias: op,
      path: `/dynamic/index/${op}`,
      source: src,
      sort: i + 1,
      category: 2 as const,
      action,
    })),
  };
}

export async function dropMenu(tx: Tx, moduleId: string) {
  await tx
    .update(menu)
    .set({ isDeleted: 1 })
    .where(and(or(eq(menu.code, `lc_${moduleId}`), like(menu.code, `lc_${moduleId}\\_%`)), eq(menu.isDeleted, 0)));
}
