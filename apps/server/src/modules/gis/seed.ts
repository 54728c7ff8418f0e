/**
 * The pipe-network area's menus (管网GIS › 管网地图 with 爆管分析, 爆管事件 with 新增 / 关阀登记 / 分享链接 / 查看)
 * and the demo utility's network. Idempotent: menus are upserted by code; a tenant's network is generated only
 * while the tenant has none (swp_gis_network has no row), so later edits and benchmark networks survive restarts.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import { DEMO_NETWORK, generateNetwork } from './network.ts';
import { gisNetwork } from './schema.ts';
import { writeNetwork } from './store.ts';

/** advisory lock serialising the network seed of several instances starting together */
export const GIS_SEED_LOCK = 7_261_100;
/** the demo utility whose network is seeded */
export const DEMO_TENANT = '000000';

const button = (
  code: string,
  name: string,
  i18n: string,
  icon: string,
  sort: number,
  action: 0 | 1 | 2,
  roles?: string[],
) => ({
  code,
  name,
  i18n,
  alias: code.split('_').pop(),
  path: `/gis/${code}`,
  source: icon,
  sort,
  category: 2 as const,
  action,
  ...(roles ? { roles } : {}),
});

export const GIS_MENUS: MenuItem[] = [
  {
    code: 'gis',
    name: '管网GIS',
    i18n: 'menu.gis.index',
    path: '/gis',
    source: 'GlobalOutlined',
    sort: 1,
    topMenuCodes: ['pipe-gis'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      {
        code: 'gis_map',
        name: '管网地图',
        i18n: 'menu.gis.map',
        path: '/gis/map',
        source: 'EnvironmentOutlined',
        sort: 1,
        children: [
          button('gis_map_analyse', '爆管分析', 'button.gisAnalyse', 'ThunderboltOutlined', 1, 0, ['operator']),
          // loading a network replaces what every analysis runs on: administrators only (an empty role list, not
          // the parent's roles)
          button('gis_network_import', '导入管网', 'button.gisImport', 'UploadOutlined', 2, 0, []),
          button('gis_network_export', '导出管网', 'button.gisExport', 'DownloadOutlined', 3, 0, [
            'operator',
            'auditor',
          ]),
        ],
      },
      {
        code: 'burst_event',
        name: '爆管事件',
        i18n: 'menu.gis.burstEvent',
        path: '/gis/burst-event',
        source: 'AlertOutlined',
        sort: 2,
        children: [
          button('burst_event_add', '新增', 'button.add', 'PlusOutlined', 1, 0, ['operator']),
          button('burst_event_edit', '关阀登记', 'button.gisCloseValve', 'CheckOutlined', 2, 1, ['operator', 'patrol']),
          button('burst_event_share', '分享链接', 'button.gisShare', 'ShareAltOutlined', 3, 1, ['operator']),
          button('burst_event_view', '查看', 'button.view', 'EyeOutlined', 4, 1),
          // a mistaken event is voided with a reason (kept in the list and the log), never deleted
          button('burst_event_void', '作废', 'button.gisVoid', 'StopOutlined', 5, 1, ['operator']),
        ],
      },
    ],
  },
];

export async function seedNetwork(ctx: Pick<AppContext, 'db'>, tenantId = DEMO_TENANT) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GIS_SEED_LOCK})`);
    const have = await tx.execute(sql`select 1 from swp_gis_network where ${tenantSql(gisNetwork, tenantId)}`);
    if (have.rows.length) return;
    await writeNetwork(tx, tenantId, generateNetwork(DEMO_NETWORK));
  });
}

export async function seedGis(ctx: AppContext) {
  await ensureMenus(ctx, GIS_MENUS);
  await seedNetwork(ctx);
}
