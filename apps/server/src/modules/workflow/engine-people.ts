/** Who a task goes to: the starter's department heads, people and groups named by assignee / candidate texts. */
import { eq, sql } from 'drizzle-orm';
import { tenantSql } from '../../core/scoped.ts';
import { post as postTable, role as roleTable, user as userTable } from '../system/index.ts';
import { CommandBase } from './engine-base.ts';
import { isExpression, namesOf } from './expr.ts';

/** `CommandBase` with the people a task's assignee and candidate texts name. */
export class CommandPeople extends CommandBase {
  private leaderCache = new Map<string, string[]>();

  /** The starter's department heads: users of the starter's first department (then its ancestors) holding a
   * management post (post category 1 or 2), the starter excluded unless nobody else qualifies; failing that, the
   * tenant's senior management (post category 1). */
  async starterDeptLeaders(): Promise<string[]> {
    const hit = this.leaderCache.get('leader');
    if (hit) return hit;
    const [starter] = await this.tx
      .select({ deptId: userTable.deptId })
      .from(userTable)
      .where(eq(userTable.id, this.inst.starterId));
    const first = (starter?.deptId ?? '').split(',')[0];
    const chain: string[] = [];
    if (/^\d+$/.test(first)) {
      const d = await this.tx.execute(sql`select ancestors from blade_dept where id = ${first}`);
      const anc = String((d.rows[0] as { ancestors?: string } | undefined)?.ancestors ?? '')
        .split(',')
        .filter((x) => /^\d+$/.test(x) && x !== '0');
      chain.push(first, ...anc.reverse());
    }
    let out: string[] = [];
    for (const deptId of chain) {
      const r = await this.tx.execute(
        sql`select u.id::text as id from blade_user u
            join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%') and p.category <= 2
            where ${tenantSql(userTable, this.inst.tenantId, 'u')} and u.is_deleted = 0 and p.is_deleted = 0
            and (',' || u.dept_id || ',') like ${`%,${deptId},%`} order by u.id`,
      );
      const ids = [...new Set((r.rows as { id: string }[]).map((x) => String(x.id)))];
      const others = ids.filter((id) => id !== this.inst.starterId);
      if (others.length) {
        out = others;
        break;
      }
      if (!out.length && ids.length) out = ids;
    }
    if (!out.length) {
      // nobody manages the starter's departments: the tenant's senior management (post category 1)
      const r = await this.tx.execute(
        sql`select u.id::text as id from blade_user u
            join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%') and p.category = 1
            where ${tenantSql(userTable, this.inst.tenantId, 'u')} and u.is_deleted = 0 and p.is_deleted = 0 order by u.id`,
      );
      out = [...new Set((r.rows as { id: string }[]).map((x) => String(x.id)))];
    }
    this.leaderCache.set('leader', out);
    return out;
  }

  /** People named by an assignee / candidate text: user ids, `${expr}` (user id, list or comma text). */
  async peopleOf(text: string | undefined, vars: Record<string, unknown>, where: string): Promise<string[]> {
    if (!text) return [];
    const out: string[] = [];
    const parts = isExpression(text) ? [text] : text.split(',');
    for (const raw of parts) {
      const part = raw.trim();
      if (!part) continue;
      if (isExpression(part)) {
        const names = namesOf(part);
        const scope = { ...vars };
        if (names.includes('starterDeptLeader')) scope.starterDeptLeader = (await this.starterDeptLeaders())[0];
        if (names.includes('starterDeptLeaders')) scope.starterDeptLeaders = await this.starterDeptLeaders();
        const v = this.eval(part, scope, where);
        const list = Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : String(v).split(',');
        out.push(...list.map((x) => String(x).trim()).filter(Boolean));
      } else out.push(part);
    }
    return [...new Set(out)];
  }

  /** Users of `role:<id|alias>`, `dept:<id>`, `post:<id|code>` entries (expressions allowed). */
  async groupMembers(text: string | undefined, vars: Record<string, unknown>, where: string) {
    const out: { userId: string; kind: string }[] = [];
    if (!text) return out;
    for (const g of await this.peopleOf(text, vars, where)) {
      const m = /^(role|dept|post|user)[:_](.+)$/.exec(g);
      const kind = m ? m[1] : 'role';
      const val = m ? m[2] : g;
      let ids: string[] = [];
      const t = this.inst.tenantId;
      if (kind === 'user') ids = [val];
      else if (kind === 'role') {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u join blade_role r on (',' || u.role_id || ',') like ('%,' || r.id::text || ',%')
              where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0 and r.is_deleted = 0 and ${tenantSql(roleTable, t, 'r')}
              and (r.id::text = ${val} or r.role_alias = ${val})`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      } else if (kind === 'dept') {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0
              and (',' || u.dept_id || ',') like ${`%,${val},%`}`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      } else {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%')
              where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0 and p.is_deleted = 0 and ${tenantSql(postTable, t, 'p')}
              and (p.id::text = ${val} or p.post_code = ${val})`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      }
      for (const id of ids) out.push({ userId: id, kind });
    }
    return out;
  }
}
