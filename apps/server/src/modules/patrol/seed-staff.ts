/** The demo utility's staff (40+ people in its real departments, all signing in with 123456). */
import { inArray } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { dept, post, role, user } from '../system/index.ts';
import { clientDigest, hashPassword } from '../user/index.ts';
import { DEMO_PASSWORD, DEMO_TENANT, draw } from './seed-common.ts';
import { insertChunked } from './tasks.ts';

const SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段'.split(
    '',
  );
const GIVEN = [
  '建国',
  '志强',
  '秀英',
  '海涛',
  '丽娟',
  '晓东',
  '文杰',
  '玉兰',
  '国栋',
  '春梅',
  '立新',
  '红霞',
  '俊峰',
  '桂芳',
  '永刚',
  '雪梅',
  '明辉',
  '静怡',
  '德华',
  '凤英',
  '子豪',
  '慧敏',
  '宏伟',
  '淑珍',
  '振华',
  '美玲',
  '鹏飞',
  '雅琴',
  '长江',
  '云飞',
  '佳琪',
  '国强',
  '小燕',
  '家豪',
  '婷婷',
  '光明',
  '秋菊',
  '浩然',
  '晓丽',
  '大勇',
  '金凤',
  '少华',
];

interface StaffGroup {
  dept: string;
  prefix: string;
  count: number;
  role: string;
  post: string;
}
/** The demo utility's staff by department: patrol teams, the repair crew, dispatchers, plant and pump operators. */
export const STAFF: StaffGroup[] = [
  { dept: '管网巡检一班', prefix: 'xj1', count: 8, role: 'patrol', post: 'inspector' },
  { dept: '管网巡检二班', prefix: 'xj2', count: 8, role: 'patrol', post: 'inspector' },
  { dept: '管网抢修班', prefix: 'qx', count: 8, role: 'patrol', post: 'repairer' },
  { dept: '调度值班组', prefix: 'dd', count: 5, role: 'operator', post: 'dispatcher' },
  { dept: '监测数据组', prefix: 'jc', count: 3, role: 'operator', post: 'dispatcher' },
  { dept: '第四水厂运行班', prefix: 'sc4', count: 4, role: 'operator', post: 'operator' },
  { dept: '第六水厂运行班', prefix: 'sc6', count: 3, role: 'operator', post: 'operator' },
  { dept: '加压泵站运维班', prefix: 'bz', count: 3, role: 'patrol', post: 'operator' },
];

export function staffList(): {
  account: string;
  realName: string;
  dept: string;
  role: string;
  post: string;
  i: number;
}[] {
  const out = [];
  let i = 0;
  for (const g of STAFF) {
    for (let k = 1; k <= g.count; k++) {
      const realName = SURNAMES[(i * 7 + 3) % SURNAMES.length] + GIVEN[(i * 5) % GIVEN.length];
      out.push({
        account: `${g.prefix}${String(k).padStart(2, '0')}`,
        realName,
        dept: g.dept,
        role: g.role,
        post: g.post,
        i,
      });
      i++;
    }
  }
  return out;
}

export async function seedStaff(tx: Tx): Promise<void> {
  const people = staffList();
  const have = new Set(
    (
      await tx
        .select({ account: user.account })
        .from(user)
        .where(
          inTenant(
            user,
            DEMO_TENANT,
            inArray(
              user.account,
              people.map((p) => p.account),
            ),
          ),
        )
    ).map((r) => r.account),
  );
  const todo = people.filter((p) => !have.has(p.account));
  if (!todo.length) return;
  const depts = await tx.select({ id: dept.id, name: dept.deptName }).from(dept).where(liveInTenant(dept, DEMO_TENANT));
  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(liveInTenant(role, DEMO_TENANT));
  let posts = await tx.select({ id: post.id, code: post.postCode }).from(post).where(liveInTenant(post, DEMO_TENANT));
  if (!posts.some((p) => p.code === 'repairer')) {
    await tx.insert(post).values({
      id: newId(),
      tenantId: DEMO_TENANT,
      category: 3,
      postCode: 'repairer',
      postName: '管网抢修工',
      sort: 7,
    });
    posts = await tx.select({ id: post.id, code: post.postCode }).from(post).where(liveInTenant(post, DEMO_TENANT));
  }
  const find = <T extends { id: string }>(rows: T[], pred: (r: T) => boolean, what: string) => {
    const r = rows.find(pred);
    if (!r) throw new Error(`patrol seed: ${what} missing`);
    return r.id;
  };
  // one hash for everyone with the same password: argon2 is deliberately slow
  const hash = await hashPassword(clientDigest(DEMO_PASSWORD));
  await insertChunked(
    tx,
    user,
    todo.map((p) => ({
      id: newId(),
      tenantId: DEMO_TENANT,
      code: `HF${String(1000 + p.i)}`,
      userType: 1,
      account: p.account,
      password: hash,
      name: p.realName,
      realName: p.realName,
      avatar: '',
      email: `${p.account}@hfwater.example.com`,
      phone: `138552${String(10000 + p.i).slice(-5)}`,
      sex: draw(p.account, 1) < 0.75 ? 1 : 2,
      roleId: find(roles, (r) => r.alias === p.role, `role ${p.role}`),
      deptId: find(depts, (d) => d.name === p.dept, `dept ${p.dept}`),
      postId: find(posts, (x) => x.code === p.post, `post ${p.post}`),
    })),
  );
}
