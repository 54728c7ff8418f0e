/**
 * Menus of the data-service screens (under 系统管理 › 数据服务: 数据建模, 数据连接, 数据接口, 数据同步, 数据备份,
 * 报表管理; under 在线开发: 数据源管理 and 代码生成) and the demo data interfaces of the platform tenant over the
 * console's own database: 水价标准查询 (SQL with a parameter) and 报修故障类型 (static data). Idempotent.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { screenMenu } from '../lowcode/index.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import { ensureInterfaceReader, INTERFACE_ROLE } from './sandbox.ts';
import { dsInterface, rptReport } from './schema.ts';

export const DATASOURCE_MENUS: MenuItem[] = [
  {
    ...screenMenu('data_model', '数据建模', 'menu.dataservice.dataModel', '/dataservice/datamodel', 'TableOutlined', 5),
    parentCode: 'dataservice',
  },
  {
    ...screenMenu(
      'data_source',
      '数据连接',
      'menu.dataservice.dataSource',
      '/dataservice/datasource',
      'LinkOutlined',
      6,
    ),
    parentCode: 'dataservice',
  },
  {
    ...screenMenu(
      'data_interface',
      '数据接口',
      'menu.dataservice.dataInterface',
      '/dataservice/interface',
      'ApiOutlined',
      7,
      // data_interface_call: runs interfaces (Actions/Response) for the roles whose forms read through them
      [['call', '调用接口', 'ApiOutlined']],
    ),
    parentCode: 'dataservice',
  },
  {
    code: 'data_sync',
    name: '数据同步',
    i18n: 'menu.dataservice.dataSync',
    path: '/dataservice/datasync',
    source: 'SyncOutlined',
    sort: 8,
    parentCode: 'dataservice',
  },
  {
    code: 'data_backup',
    name: '数据备份',
    i18n: 'menu.dataservice.dataBackup',
    path: '/dataservice/databackup',
    source: 'SaveOutlined',
    sort: 9,
    parentCode: 'dataservice',
  },
  {
    ...screenMenu(
      'report',
      '报表管理',
      'menu.dataservice.report',
      '/report/rest',
      'BarChartOutlined',
      10,
      [],
      ['auditor'],
    ),
    parentCode: 'dataservice',
  },
  {
    ...screenMenu(
      'develop_datasource',
      '数据源管理',
      'menu.lowcode.datasource',
      '/develop/datasource',
      'DatabaseOutlined',
      3,
    ),
    parentCode: 'lowcode',
  },
  {
    ...screenMenu('code_gen', '代码生成', 'menu.lowcode.codeGen', '/develop/code', 'CodeOutlined', 4, [
      ['gen', '生成', 'DownloadOutlined'],
    ]),
    parentCode: 'lowcode',
  },
];

const TENANT = '000000';

export async function seedDatasource(ctx: AppContext) {
  await ensureMenus(ctx, DATASOURCE_MENUS);
  const demo = [
    {
      fullName: '水价标准查询',
      enCode: 'water_tariff_query',
      category: '营业收费',
      dataType: 1,
      dbLinkId: '0',
      query:
        'select id, category, tier, volume_from as "volumeFrom", volume_to as "volumeTo", total_price as "totalPrice", effective_date as "effectiveDate"\n  from swp_water_tariff\n where is_deleted = 0 and status = 1 and category = @category\n order by tier',
      parameterJson: [{ field: 'category', label: '用水类别', dataType: 'number', defaultValue: 1, required: true }],
      description: '在用水价，按用水类别（1 居民生活用水, 2 非居民用水, 3 特种行业用水）',
    },
    {
      fullName: '报修故障类型',
      enCode: 'repair_fault_types',
      category: '热线服务',
      dataType: 2,
      staticData: ['水表故障', '管道漏水', '无水', '水压低', '水质异常', '其他'].map((l, i) => ({
        id: String(i + 1),
        fullName: l,
      })),
      description: '报修登记的故障类型（静态数据，供弹窗选择）',
    },
  ];
  for (const d of demo) {
    const [seen] = await ctx.db
      .select({ id: dsInterface.id })
      .from(dsInterface)
      .where(inTenant(dsInterface, TENANT, eq(dsInterface.enCode, d.enCode)));
    if (seen) continue;
    await ctx.db
      .insert(dsInterface)
      .values({ tenantId: TENANT, ...d })
      .onConflictDoNothing();
  }
  const [rep] = await ctx.db.select({ id: rptReport.id }).from(rptReport).where(inTenant(rptReport, TENANT)).limit(1);
  if (!rep) {
    const [i] = await ctx.db
      .select({ id: dsInterface.id })
      .from(dsInterface)
      .where(liveInTenant(dsInterface, TENANT, eq(dsInterface.enCode, 'water_tariff_query')));
    if (i)
      await ctx.db
        .insert(rptReport)
        .values({
          tenantId: TENANT,
          name: '居民阶梯水价表',
          interfaceId: i.id,
          content: JSON.stringify({
            title: '居民阶梯水价表',
            columns: ['tier', 'volumeFrom', 'volumeTo', 'totalPrice', 'effectiveDate'],
          }),
          remark: '演示报表',
        })
        .onConflictDoNothing();
  }
  // the restricted role own-database interfaces run as, its grants and tenant policies (sandbox.ts)
  // (a server role that may not create roles leaves own-database interfaces refused, not the start failed)
  await ensureInterfaceReader(ctx).catch((e) =>
    console.warn(`data interfaces on the own database are off: cannot set up ${INTERFACE_ROLE}: ${e.message}`),
  );
}
