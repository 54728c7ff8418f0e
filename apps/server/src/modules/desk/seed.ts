/**
 * Demo notices of the water utility (合肥水务集团, tenant 000000) and one of the second tenant. Idempotent: a notice
 * is inserted only when its tenant never had a notice of that title (a removed demo notice stays removed).
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { type ApiScopeSeed, ensureScopes } from '../system/index.ts';
import { sanitizeRichText } from './sanitize.ts';
import { notice } from './schema.ts';

interface NoticeSeed {
  tenantId: string;
  title: string;
  /** dict `notice`: 1 发布通知, 4 指示通知, 6 停水通知, 7 其他通知 */
  category: number;
  /** days before the seed ran */
  daysAgo: number;
  content: string;
}

const NOTICES: NoticeSeed[] = [
  {
    tenantId: '000000',
    title: '关于蜀山区部分区域临时停水的通知',
    category: 6,
    daysAgo: 1,
    content: `<p>尊敬的用户：</p>
<p style="text-indent: 2em">因长江西路与潜山路交口 DN600 供水管道抢修，我集团将于<strong>本周六 22:00 至次日 06:00</strong>对下列区域暂停供水，恢复供水初期水质可能浑浊，请放水片刻后使用。</p>
<table border="1" style="border-collapse: collapse; width: 100%">
<thead><tr><th>停水区域</th><th>停水时间</th><th>影响范围</th></tr></thead>
<tbody>
<tr><td>长江西路（潜山路—怀宁路）沿线</td><td>22:00—06:00</td><td>约 3200 户</td></tr>
<tr><td>西园新村、安居苑小区</td><td>22:00—06:00</td><td>约 1800 户</td></tr>
</tbody></table>
<p>停水期间请提前储水。如有疑问请拨打供水服务热线 <a href="tel:0551-12345">0551-12345</a>。</p>
<p style="text-align: right">合肥水务集团客户服务中心</p>`,
  },
  {
    tenantId: '000000',
    title: '长江西路 DN800 供水主管网改造工程公告',
    category: 1,
    daysAgo: 6,
    content: `<h3>工程概况</h3>
<p>为提高城西片区供水保障能力，我集团将对长江西路（环城路—西二环）段建于 1992 年的 DN800 灰口铸铁主管进行更新改造，新管采用 <strong>DN1000 球墨铸铁管</strong>，全长约 2.6 公里。</p>
<h3>施工安排</h3>
<ol><li>第一阶段：新管敷设，采用分段围挡夜间施工，不影响正常供水；</li>
<li>第二阶段：新旧管道碰口切换，届时另行发布停水通知；</li>
<li>第三阶段：旧管封堵及路面恢复。</li></ol>
<p>施工期间请过往车辆和行人注意绕行，给您带来的不便敬请谅解。</p>`,
  },
  {
    tenantId: '000000',
    title: '防汛值班安排',
    category: 4,
    daysAgo: 10,
    content: `<p>各部门、各水厂：</p>
<p style="text-indent: 2em">入汛以来我市降雨偏多，为确保汛期供水安全，现将主汛期（6 月 1 日—9 月 30 日）值班安排通知如下：</p>
<ul><li>实行 24 小时领导带班和关键岗位值班制度，值班人员不得擅离岗位；</li>
<li>调度中心每 2 小时汇总一次各水厂进水浊度、出厂水压力和清水池液位；</li>
<li>雨量站小时雨量超过 <span style="color: #e74c3c">30 mm</span> 或河道水位超过警戒水位时，立即启动应急预案并上报。</li></ul>
<table border="1" style="border-collapse: collapse"><thead><tr><th>日期</th><th>带班领导</th><th>值班调度</th></tr></thead>
<tbody><tr><td>周一、周三、周五</td><td>王建华</td><td>李明</td></tr>
<tr><td>周二、周四</td><td>赵立新</td><td>孙磊</td></tr>
<tr><td>周六、周日</td><td>轮值</td><td>轮值</td></tr></tbody></table>`,
  },
  {
    tenantId: '000000',
    title: '二次供水泵房清洗消毒计划',
    category: 1,
    daysAgo: 15,
    content: `<p>根据《二次供水设施卫生规范》要求，我集团将于本月对城区 126 座二次供水泵房水箱进行清洗消毒，每座泵房停水时间不超过 <strong>4 小时</strong>，具体时间由各物业提前张贴公告。</p>
<p>清洗完成后将委托第三方检测机构对浑浊度、余氯、菌落总数等指标取样检测，检测报告可在营业厅查询。</p>`,
  },
  {
    tenantId: '000000',
    title: '关于开展夏季管网巡检专项行动的通知',
    category: 7,
    daysAgo: 21,
    content: `<p>为降低夏季用水高峰期管网漏损和爆管风险，自下周一起开展为期一个月的管网巡检专项行动：</p>
<ol><li>巡检一班负责蜀山、包河片区 DN300 以上管道及阀门井；</li>
<li>巡检二班负责庐阳、瑶海片区；</li>
<li>发现漏点、井盖缺失、违章占压等问题须当日通过巡检 App 上报并拍照取证。</li></ol>`,
  },
  {
    tenantId: '100001',
    title: '上派镇部分区域水压偏低的说明',
    category: 7,
    daysAgo: 3,
    content: `<p>近期上派镇金寨南路以东片区用水高峰期水压偏低，系加压泵站设备检修所致，预计本周五检修完成后恢复正常。</p>`,
  },
];

/** Who may change notices (reads stay open to every role with the menu); administrators pass every scope. */
export const DESK_API_SCOPES: ApiScopeSeed[] = [
  {
    menuCode: 'notice',
    resourceCode: 'notice',
    scopeName: '通知公告维护',
    scopePath: '/blade-desk/notice/**',
    scopeType: 3,
    roles: ['operator'],
  },
];

export async function seedDesk(ctx: AppContext): Promise<void> {
  await ensureScopes(ctx, { api: DESK_API_SCOPES });
  const titles = NOTICES.map((n) => n.title);
  const existing = await ctx.db
    .select({ tenantId: notice.tenantId, title: notice.title })
    .from(notice)
    .where(inArray(notice.title, titles));
  const have = new Set(existing.map((r) => `${r.tenantId}/${r.title}`));
  const now = Date.now();
  const add = NOTICES.filter((n) => !have.has(`${n.tenantId}/${n.title}`)).map((n) => {
    const releaseTime = new Date(now - n.daysAgo * 86_400_000);
    releaseTime.setHours(9, 0, 0, 0);
    return {
      tenantId: n.tenantId,
      title: n.title,
      category: n.category,
      releaseTime,
      content: sanitizeRichText(n.content),
      createTime: releaseTime,
      updateTime: releaseTime,
    };
  });
  if (add.length) await ctx.db.insert(notice).values(add);
}
