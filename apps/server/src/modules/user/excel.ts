/**
 * Users as xlsx: the export streams rows through exceljs' streaming writer in id order (keyset batches, so memory
 * stays flat at any size); the import reads the first sheet, checks every row first and reports each row's
 * problems in the message; only a clean sheet is written, in one transaction (all or nothing).
 */
import { PassThrough } from 'node:stream';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../core/attachment.ts';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { compileSort } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import type { Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { formatDate, parseDateTime } from '../../core/time.ts';
import { readSheetByHeaders } from '../../core/xlsx-read.ts';
import { assertAccountQuota, dept, dict, post, role, user } from '../system/index.ts';
import { initialPasswordHash } from './password.ts';
import { emailProblem, phoneProblem, splitList } from './rules.ts';
import { decorateUsers, userResource } from './service.ts';

export const SHEET_NAME = '用户数据表';
export const MAX_IMPORT_ROWS = 10_000;
const BATCH = 1000;

/** The columns of the export, the template and the import (header text ↔ field). */
export const USER_COLUMNS = [
  { header: '租户编号', key: 'tenantId', width: 12 },
  { header: '账户', key: 'account', width: 20 },
  { header: '用户编号', key: 'code', width: 14 },
  { header: '昵称', key: 'name', width: 16 },
  { header: '姓名', key: 'realName', width: 14 },
  { header: '性别', key: 'sexName', width: 8 },
  { header: '用户平台', key: 'userTypeName', width: 10 },
  { header: '邮箱', key: 'email', width: 28 },
  { header: '手机', key: 'phone', width: 16 },
  { header: '生日', key: 'birthday', width: 14 },
  { header: '角色名称', key: 'roleName', width: 22 },
  { header: '部门名称', key: 'deptName', width: 26 },
  { header: '岗位名称', key: 'postName', width: 20 },
] as const;
type Key = (typeof USER_COLUMNS)[number]['key'];

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d = new Date()) =>
  `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

const cellOf = (r: Row, key: Key): string | Date | null => {
  const v = r[key];
  if (v === null || v === undefined || v === '') return null;
  if (key === 'birthday' && v instanceof Date) return formatDate(v);
  return String(v);
};

/** `export-user`: every visible user matching the page's filters, streamed. */
export async function exportUsers(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const q = { ...queryOf(req) };
  for (const k of Object.keys(q)) if (k.toLowerCase() === 'blade-auth') delete q[k];
  // filters are compiled before anything is sent: a bad filter is still a 400 in the envelope
  const conds = await userResource.conditions(ctx, req, q);
  // rows come in id order (keyset batches); a sort key is still checked, so `ascs=nope` is a 400, not a cut file
  compileSort(user, q);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(SHEET_NAME);
  ws.columns = USER_COLUMNS.map((c) => ({ ...c }));
  const write = async () => {
    let last = '0';
    for (;;) {
      const rows = (await ctx.db
        .select()
        .from(user)
        .where(and(...conds, gt(user.id, last)))
        .orderBy(asc(user.id))
        .limit(BATCH)) as Row[];
      if (!rows.length) break;
      for (const r of await decorateUsers(ctx.db, rows)) {
        ws.addRow(Object.fromEntries(USER_COLUMNS.map((c) => [c.key, cellOf(r, c.key)]))).commit();
      }
      last = String(rows[rows.length - 1].id);
      if (rows.length < BATCH) break;
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err) => {
    req.log.error({ err }, 'user export failed');
    out.destroy(err);
  });
  attachment(reply, `用户数据${stamp()}.xlsx`);
  return reply.send(out);
}

/** `export-template`: the import sheet with its header row. */
export async function exportTemplate(reply: FastifyReply) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(SHEET_NAME);
  ws.columns = USER_COLUMNS.map((c) => ({ ...c }));
  ws.getRow(1).font = { bold: true };
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  attachment(reply, '用户数据模板.xlsx');
  return reply.send(buf);
}

/** Reads the sheet; throws a 400 for a file that is not an xlsx workbook or has no 账户 column. */
export const readSheet = (buf: Buffer) =>
  readSheetByHeaders(buf, USER_COLUMNS, { required: ['account'], maxRows: MAX_IMPORT_ROWS });

const LIMITS: [Key, string, number][] = [
  ['account', '账户', 45],
  ['code', '用户编号', 12],
  ['name', '昵称', 20],
  ['realName', '姓名', 10],
  ['email', '邮箱', 45],
];

/** Names → ids in the tenant; a name shared by two rows is ambiguous and refused. */
async function nameIndex(ctx: AppContext, tenantId: string) {
  const [roles, depts, posts, dicts] = await Promise.all([
    ctx.db.select({ id: role.id, name: role.roleName }).from(role).where(liveInTenant(role, tenantId)),
    ctx.db.select({ id: dept.id, name: dept.deptName }).from(dept).where(liveInTenant(dept, tenantId)),
    ctx.db.select({ id: post.id, name: post.postName }).from(post).where(liveInTenant(post, tenantId)),
    ctx.db
      .select({ code: dict.code, key: dict.dictKey, value: dict.dictValue, parentId: dict.parentId })
      .from(dict)
      .where(and(inArray(dict.code, ['sex', 'user_type']), eq(dict.isDeleted, 0))),
  ]);
  const index = (rows: { id: string; name: string }[]) => {
    const m = new Map<string, string[]>();
    for (const r of rows) m.set(r.name, [...(m.get(r.name) ?? []), r.id]);
    return m;
  };
  const dictMap = (code: string) =>
    new Map(dicts.filter((d) => d.code === code && d.parentId !== '0').map((d) => [d.value, Number(d.key)]));
  return {
    roles: index(roles),
    depts: index(depts),
    posts: index(posts),
    sex: dictMap('sex'),
    userType: dictMap('user_type'),
  };
}

/** An account added meanwhile by someone else meets the unique index: a refusal, not a fault. */
async function uniqueAsBadRequest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505')
      throw badRequest('导入失败, 未写入任何数据: 表中的账户刚被他人占用, 请重新导入');
    throw e;
  }
}

/** `import-user`: checks every row, then writes all of them in one transaction, or nothing. */
export async function importUsers(ctx: AppContext, req: FastifyRequest, buf: Buffer, isCovered: boolean) {
  const rows = await readSheet(buf);
  const tenantId = req.tenantId;
  const names = await nameIndex(ctx, tenantId);
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const records: UserRecord[] = [];

  for (const { line, values: v } of rows) {
    const { problems, account, data } = checkRow(v, line, tenantId, names, seen);
    if (problems.length) errors.push(`第${line}行: ${problems.join(', ')}`);
    else records.push({ line, account, data });
  }

  const existing = await existingAccounts(ctx, req, records, isCovered, errors);
  if (errors.length) {
    errors.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
    const shown = errors.slice(0, 20).join('; ');
    throw badRequest(`导入失败, 未写入任何数据: ${shown}${errors.length > 20 ? `; …共 ${errors.length} 处错误` : ''}`);
  }

  return writeUsers(ctx, req, records, existing);
}

interface UserRecord {
  line: number;
  account: string;
  data: Row;
}

/** One sheet row alone: its fields, and its names of roles, departments, posts, sex and platform as ids. */
function checkRow(
  v: Awaited<ReturnType<typeof readSheet>>[number]['values'],
  line: number,
  tenantId: string,
  names: Awaited<ReturnType<typeof nameIndex>>,
  seen: Map<string, number>,
) {
  const problems: string[] = [];
  const account = v.account ?? '';
  if (!account) problems.push('账户不能为空');
  else if (/[\s,，]/.test(account)) problems.push('账户不能包含空白或逗号');
  for (const [k, label, max] of LIMITS) if ((v[k]?.length ?? 0) > max) problems.push(`${label}不能超过${max}个字符`);
  if (v.tenantId && v.tenantId !== tenantId) problems.push(`租户编号 [${v.tenantId}] 不是当前租户`);
  if (account && seen.has(account)) problems.push(`账户 [${account}] 与第${seen.get(account)}行重复`);
  if (account) seen.set(account, line);
  if (v.phone) {
    const p = phoneProblem(v.phone);
    if (p) problems.push(p);
  }
  if (v.email && emailProblem(v.email)) problems.push('邮箱格式不正确');
  let birthday: Date | undefined;
  if (v.birthday) {
    birthday = parseDateTime(v.birthday);
    if (!birthday) problems.push(`生日 [${v.birthday}] 不是有效的日期`);
  }
  const lookup = (label: string, m: Map<string, string[]>, raw?: string) => {
    const ids: string[] = [];
    for (const n of splitList(raw)) {
      const hit = m.get(n);
      if (!hit) problems.push(`${label} [${n}] 不存在`);
      else if (hit.length > 1) problems.push(`${label} [${n}] 不唯一`);
      else ids.push(hit[0]);
    }
    return ids.join(',');
  };
  const data: Row = {
    account,
    code: v.code ?? null,
    name: v.name ?? null,
    realName: v.realName ?? null,
    email: v.email ?? null,
    phone: v.phone ?? null,
    birthday: birthday ?? null,
    roleId: lookup('角色', names.roles, v.roleName),
    deptId: lookup('部门', names.depts, v.deptName),
    postId: lookup('岗位', names.posts, v.postName),
  };
  if (v.sexName) {
    const sex = names.sex.get(v.sexName);
    if (sex === undefined) problems.push(`性别 [${v.sexName}] 不存在`);
    else data.sex = sex;
  }
  if (v.userTypeName) {
    const t = names.userType.get(v.userTypeName);
    if (t === undefined) problems.push(`用户平台 [${v.userTypeName}] 不存在`);
    else data.userType = t;
  }
  return { problems, account, data };
}

/**
 * Accounts that exist already (account → id): covered (updated) when asked and visible to the caller, refused
 * otherwise (the refusals go to `errors`).
 */
async function existingAccounts(
  ctx: AppContext,
  req: FastifyRequest,
  records: UserRecord[],
  isCovered: boolean,
  errors: string[],
) {
  const tenantId = req.tenantId;
  const accounts = records.map((r) => r.account);
  const existing = new Map<string, string>();
  for (let i = 0; i < accounts.length; i += BATCH) {
    const hits = await ctx.db
      .select({ id: user.id, account: user.account })
      .from(user)
      .where(liveInTenant(user, tenantId, inArray(user.account, accounts.slice(i, i + BATCH))));
    for (const h of hits) existing.set(h.account, h.id);
  }
  if (existing.size && isCovered) {
    const ids = [...existing.values()];
    const visible = new Set<string>();
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const r of await userResource.findVisible(ctx, req, ids.slice(i, i + BATCH))) visible.add(String(r.id));
    }
    for (const r of records) {
      const id = existing.get(r.account);
      if (id && !visible.has(id)) errors.push(`第${r.line}行: 账户 [${r.account}] 已存在且无权修改`);
    }
  } else if (existing.size) {
    for (const r of records) if (existing.has(r.account)) errors.push(`第${r.line}行: 账户 [${r.account}] 已存在`);
  }

  return existing;
}

/** Updates the covered accounts and inserts the new ones in one transaction, within the tenant's account quota. */
async function writeUsers(ctx: AppContext, req: FastifyRequest, records: UserRecord[], existing: Map<string, string>) {
  const tenantId = req.tenantId;
  const me = req.user?.userId ?? null;
  const myDept = req.user?.deptId?.split(',')[0] || null; // a user of several departments creates in the first
  const now = new Date();
  const password = await initialPasswordHash(ctx.db);
  let inserted = 0;
  let updated = 0;
  await uniqueAsBadRequest(() =>
    ctx.db.transaction(async (tx) => {
      const add: (typeof user.$inferInsert)[] = [];
      for (const r of records) {
        const id = existing.get(r.account);
        if (id) {
          const set: Row = { updateUser: me, updateTime: now };
          for (const [k, val] of Object.entries(r.data))
            if (val !== null && val !== '' && k !== 'account') set[k] = val;
          await tx.update(user).set(set).where(eq(user.id, id));
          updated++;
        } else {
          add.push({
            ...(r.data as typeof user.$inferInsert),
            id: newId(),
            tenantId,
            password,
            createUser: me,
            createDept: myDept,
            updateUser: me,
            createTime: now,
            updateTime: now,
          });
          inserted++;
        }
      }
      // The quota check counts the tenant's accounts inside this transaction: with all new rows but the last already
      // written, it refuses exactly when the whole sheet would pass the quota (and locks the tenant row meanwhile).
      const last = add.pop();
      for (let i = 0; i < add.length; i += 500) await tx.insert(user).values(add.slice(i, i + 500));
      if (last) {
        await assertAccountQuota(tx, tenantId);
        await tx.insert(user).values(last);
      }
    }),
  );
  return { inserted, updated };
}
