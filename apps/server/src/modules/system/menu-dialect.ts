/**
 * The SpringBlade clients' view of our menu (issue 13). Saber (Vue) and Sword (React) register a route for every
 * menu entry and look its view up by path, so in their dialect every menu call serves the path and icon of the
 * client's own view (the `saber_*` / `sword_*` columns of the entry, editable in the menus screen) and leaves out
 * the entries the client has no view for. A directory without a view of its own is transparent: its children
 * hang under the nearest ancestor that has one. A directory left without children is dropped, so the client never
 * meets an empty top-level entry. Our own web client and the BladeX dialect see the menu unchanged.
 */
import type { menu } from './schema.ts';

type MenuRow = typeof menu.$inferSelect;

export type MenuDialect = 'saber' | 'sword';

/** The OAuth clients that speak a SpringBlade dialect, and which one (docs/springblade.md). */
const DIALECT_OF_CLIENT: Record<string, MenuDialect> = { saber: 'saber', sword: 'sword' };

export function menuDialectOf(clientId: string | undefined): MenuDialect | undefined {
  return clientId ? DIALECT_OF_CLIENT[clientId] : undefined;
}

/** The client's own path and icon for an entry, or undefined when the client has no view for it. */
export function dialectView(m: MenuRow, d: MenuDialect): { path: string; source: string | null } | undefined {
  const path = d === 'saber' ? m.saberPath : m.swordPath;
  if (!path) return undefined;
  return { path, source: (d === 'saber' ? m.saberSource : m.swordSource) || null };
}

/**
 * `rows` (in display order, any categories) as the client sees them: entries with a view get its path and icon and
 * the nearest ancestor with a view as parent; buttons follow the entry they belong to; the rest are left out.
 * `all` is every menu row by id (to walk ancestors and to know which entries are directories).
 */
export function projectMenus(rows: MenuRow[], all: Map<string, MenuRow>, d: MenuDialect): MenuRow[] {
  const viewParent = (m: MenuRow): string => {
    let p = all.get(m.parentId);
    while (p && p.category !== 2 && !dialectView(p, d)) p = all.get(p.parentId);
    return p ? p.id : '0';
  };
  const out: MenuRow[] = [];
  for (const m of rows) {
    if (m.category === 2) {
      // a button belongs to the nearest entry above it; it stays when that entry has a view
      let owner = all.get(m.parentId);
      while (owner && owner.category === 2) owner = all.get(owner.parentId);
      if (owner && dialectView(owner, d)) out.push(m);
      continue;
    }
    const view = dialectView(m, d);
    if (view) out.push({ ...m, path: view.path, source: view.source, parentId: viewParent(m) });
  }
  // directories (entries that have children in the menu) left without visible children are dropped, repeatedly
  const directories = new Set<string>();
  for (const m of all.values()) if (m.category !== 2 && m.isDeleted === 0) directories.add(m.parentId);
  let kept = out;
  for (;;) {
    const withChildren = new Set(kept.filter((m) => m.category !== 2).map((m) => m.parentId));
    const next = kept.filter((m) => m.category === 2 || !directories.has(m.id) || withChildren.has(m.id));
    if (next.length === kept.length) break;
    kept = next;
  }
  // the buttons of a dropped directory go with it
  const keptIds = new Set(kept.map((m) => m.id));
  const dropped = new Set(out.filter((m) => !keptIds.has(m.id)).map((m) => m.id));
  return kept.filter((m) => {
    if (m.category !== 2) return true;
    let owner = all.get(m.parentId);
    while (owner && owner.category === 2) owner = all.get(owner.parentId);
    return owner !== undefined && !dropped.has(owner.id);
  });
}

type View = readonly [path: string, icon: string | null];

/**
 * The seeded entries' views in the open-source clients (Saber 4.x `src/views`, Sword `config/router.config.js`),
 * with the icons SpringBlade's own menu seeds give them (Saber: its iconfont classes; Sword: antd icon types).
 * `ensureMenus` writes them with the entries; an administrator edits them in the menus screen. An entry missing
 * here has no view in that client. The role screen is `/authority/role` in Saber and `/system/role` in Sword;
 * Sword has no data-scope or API-scope screens.
 */
export const SPRINGBLADE_VIEWS: Record<string, { saber?: View; sword?: View }> = {
  desk: { saber: ['/desk', 'iconfont iconicon_airplay'], sword: ['/desk', 'desktop'] },
  notice: { saber: ['/desk/notice', 'iconfont iconicon_sms'], sword: ['/desk/notice', null] },
  system: { saber: ['/system', 'iconfont iconicon_setting'], sword: ['/system', 'setting'] },
  user: { saber: ['/system/user', 'iconfont iconicon_principal'], sword: ['/system/user', null] },
  dept: { saber: ['/system/dept', 'iconfont iconicon_group'], sword: ['/system/dept', null] },
  post: { saber: ['/system/post', 'iconfont iconicon_message'], sword: ['/system/post', null] },
  dict: { saber: ['/system/dict', 'iconfont iconicon_addresslist'], sword: ['/system/dict', null] },
  menu: { saber: ['/system/menu', 'iconfont iconicon_subordinate'], sword: ['/system/menu', null] },
  topmenu: { saber: ['/system/topmenu', 'iconfont icon-canshu'] },
  param: { saber: ['/system/param', 'iconfont iconicon_community_line'], sword: ['/system/param', null] },
  tenant: { saber: ['/system/tenant', 'iconfont icon-quanxian'], sword: ['/system/tenant', null] },
  client: { saber: ['/system/client', 'iconfont iconicon_mobilephone'], sword: ['/system/client', null] },
  region: { saber: ['/base/region', 'iconfont iconicon_GPS'], sword: ['/base/region', null] },
  authority: { saber: ['/authority', 'iconfont icon-bofangqi-suoping'] },
  role: { saber: ['/authority/role', 'iconfont iconicon_boss'], sword: ['/system/role', null] },
  data_scope: { saber: ['/authority/datascope', 'iconfont icon-shujuzhanshi2'] },
  api_scope: { saber: ['/authority/apiscope', 'iconfont icon-iconset0216'] },
  ops_log: { saber: ['/monitor/log', 'iconfont iconicon_doc'], sword: ['/monitor/log', 'fund'] },
  log_usual: { saber: ['/monitor/log/usual', 'iconfont iconicon_work'], sword: ['/monitor/log/usual', null] },
  log_api: { saber: ['/monitor/log/api', 'iconfont iconicon_send'], sword: ['/monitor/log/api', null] },
  log_error: { saber: ['/monitor/log/error', 'iconfont iconicon_safety'], sword: ['/monitor/log/error', null] },
  // SpringBlade's 研发工具: our 在线开发 directory holds the code generator and the data sources
  lowcode: { saber: ['/tool', 'iconfont icon-wxbgongju'], sword: ['/tool', 'tool'] },
  code_gen: { saber: ['/tool/code', 'iconfont iconicon_savememo'], sword: ['/tool/code', null] },
  develop_datasource: { saber: ['/tool/datasource', 'iconfont iconicon_database'], sword: ['/tool/datasource', null] },
};

/** The dialect columns of a seeded entry (all four null when neither client has a view for it). */
export function seededViews(code: string) {
  const v = SPRINGBLADE_VIEWS[code];
  return {
    saberPath: v?.saber?.[0] ?? null,
    saberSource: v?.saber?.[1] ?? null,
    swordPath: v?.sword?.[0] ?? null,
    swordSource: v?.sword?.[1] ?? null,
  };
}
