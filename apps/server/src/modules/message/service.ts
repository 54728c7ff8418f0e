/**
 * Site messages: sending (records + log in one transaction, then a live event), the recipient's box (page,
 * unread counts, detail, read, remove: always limited to the caller's own records) and template rendering.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { badRequest, forbidden } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { LiveEvent } from '../../core/live.ts';
import type { AppContext } from '../../core/module.ts';
import { compileFilters, compileSort, type Paging, pageOf } from '../../core/query.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import type { Db } from '../../db/connection.ts';
import { run, stmt, valuesList, withCtes } from '../../db/statement.ts';
import { messageConfig, messageLog, messageRecord, messageTemplate } from './schema.ts';

export const MESSAGE_TYPES = { NOTICE: 1, WORK_ORDER: 2, ALARM: 3, WORKFLOW: 4 } as const;
export const KNOWN_MESSAGE_TYPES = [1, 2, 3, 4] as const;
export const UNREAD = 'UN_READABLE';
export const READ = 'READ';
export const MESSAGE_STATUSES = [UNREAD, READ] as const;
/** live topic of the bell; `data.action` says what happened: new, read or remove */
export const MESSAGE_TOPIC = 'message';

export interface SendMessageInput {
  tenantId: string;
  /** recipients (duplicates are dropped) */
  userIds: string[];
  /** 1 system notice, 2 work order, 3 alarm, 4 workflow; from the template or config when they give one */
  messageType?: number;
  title?: string;
  content?: string;
  /** fill title and content from this template (`${name}` placeholders from `params`) */
  templateCode?: string;
  /** send as this business event: its type and template; a config that is off (status 0) sends nothing */
  configCode?: string;
  params?: Record<string, unknown>;
  bizType?: string;
  bizId?: string;
  /** display name of the sender; default 系统 */
  sender?: string;
  senderId?: string;
  sendTime?: Date;
}

export interface SendResult {
  /** the message log row of this send; undefined when nothing was sent (no recipients or config off) */
  logId?: string;
  count: number;
}

/** What a bell hears about a new message (NOTIFY payloads stay small: no content). */
export interface NewMessageEvent {
  action: 'new';
  logId: string;
  messageType: number;
  title: string;
  sendTime: string;
  sender: string;
  bizType: string | null;
  bizId: string | null;
}

type Ctx = Pick<AppContext, 'db' | 'live'>;

/** Recipients per live event: keeps a NOTIFY payload well under its 8000-byte cap. */
export const LIVE_CHUNK = 200;
const TITLE_MAX = 255;

/** `${name}` → params[name]; a missing parameter renders empty. */
export function renderTemplate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\$\{\s*([\w.]+)\s*\}/g, (_, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sends a site message to users of one tenant: one record per recipient and a message log row, in one
 * transaction; then a live event so each recipient's bell updates at once on every instance.
 */
export async function sendMessage(ctx: Ctx, input: SendMessageInput): Promise<SendResult> {
  const userIds = [...new Set(input.userIds.map(String))];
  for (const id of userIds) if (!/^\d{1,19}$/.test(id)) throw badRequest(`参数校验失败: userIds 含有无效的编号 ${id}`);
  let { messageType, title, content } = input;
  let templateCode = input.templateCode;
  const tenantId = input.tenantId;

  if (input.configCode) {
    const [cfg] = await ctx.db
      .select()
      .from(messageConfig)
      .where(liveInTenant(messageConfig, tenantId, eq(messageConfig.configCode, input.configCode)));
    if (!cfg) throw badRequest(`消息配置不存在: ${input.configCode}`);
    if (cfg.status !== 1) return { count: 0 };
    messageType ??= cfg.messageType;
    templateCode ??= cfg.templateCode;
  }
  if (templateCode) {
    const [tpl] = await ctx.db
      .select()
      .from(messageTemplate)
      .where(liveInTenant(messageTemplate, tenantId, eq(messageTemplate.templateCode, templateCode)));
    if (!tpl) throw badRequest(`消息模板不存在: ${templateCode}`);
    messageType ??= tpl.messageType;
    title ??= renderTemplate(tpl.templateTitle, input.params);
    content ??= renderTemplate(tpl.templateContent, input.params);
  }
  if (!title?.trim()) throw badRequest('缺少必要的请求参数: title');
  title = title.slice(0, TITLE_MAX);
  content ??= '';
  messageType ??= MESSAGE_TYPES.NOTICE;
  if (!userIds.length) return { count: 0 };

  const { log, records, event } = siteMessageRows({ ...input, userIds, messageType, title, content, templateCode });
  if (records.length <= 1000) {
    // the usual case (a few receivers): the log and its records in one statement, so one round trip and atomic
    await ctx.db.execute(
      sql`with log as (${ctx.db.insert(messageLog).values(log).getSQL()}) ${ctx.db.insert(messageRecord).values(records).getSQL()}`,
    );
  } else {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(messageLog).values(log);
      for (const part of chunk(records, 1000)) await tx.insert(messageRecord).values(part);
    });
  }
  await publishQuietly(ctx.live, bellEvents(tenantId, userIds, event));
  return { logId: log.id, count: userIds.length };
}

type ResolvedMessage = SendMessageInput & { messageType: number; title: string; content: string };

/** The log row, the records and the bell's event of one site message whose title and type are settled. */
function siteMessageRows(input: ResolvedMessage) {
  const { tenantId, userIds, messageType, title, content, templateCode } = input;
  const sender = input.sender ?? '系统';
  const sendTime = input.sendTime ?? new Date();
  const base = {
    tenantId,
    messageType,
    title,
    content,
    sender,
    senderId: input.senderId ?? null,
    bizType: input.bizType ?? null,
    bizId: input.bizId ?? null,
    sendTime,
    createUser: input.senderId ?? null,
  };
  const logId = newId();
  const log = {
    ...base,
    id: logId,
    channel: 'site',
    templateCode: templateCode ?? null,
    receivers: userIds.join(','),
    receiverCount: userIds.length,
    sendStatus: 1,
  };
  const records = userIds.map((userId) => ({ ...base, logId, userId }));
  const event: NewMessageEvent = {
    action: 'new',
    logId,
    messageType,
    title,
    sendTime: formatDateTime(sendTime),
    sender,
    bizType: base.bizType,
    bizId: base.bizId,
  };
  return { log, records, event };
}

/** A site message another module sends in its own transaction (title given, a few recipients). */
export interface InlineMessage {
  userIds: string[];
  messageType: number;
  title: string;
  content: string;
  bizType?: string;
  bizId?: string;
  sender?: string;
  senderId?: string;
}

/**
 * Writes site messages inside the caller's transaction, in one statement (logs, records and, on PostgreSQL, the
 * bells' NOTIFY, which PostgreSQL sends only if the transaction commits). Returns what to run after commit: the
 * in-process delivery of the embedded database's single instance. A rollback leaves no message behind.
 */
export async function sendMessagesWithin(
  tx: unknown,
  live: Ctx['live'],
  tenantId: string,
  messages: InlineMessage[],
): Promise<() => Promise<void>> {
  const built = messages
    .map((m) => ({ ...m, userIds: [...new Set(m.userIds.map(String))].filter((id) => /^\d{1,19}$/.test(id)) }))
    .filter((m) => m.userIds.length && m.title.trim())
    .map((m) => ({ userIds: m.userIds, ...siteMessageRows({ ...m, tenantId, title: m.title.slice(0, TITLE_MAX) }) }));
  if (!built.length) return async () => {};
  // written as text (db/statement.ts): this runs inside hot transactions such as a workflow step
  const logs = built.map((b) => b.log);
  const records = built.flatMap((b) => b.records);
  const logInsert = stmt(
    `insert into blade_message_log (id, tenant_id, message_type, channel, template_code, title, content, sender,
      sender_id, receivers, receiver_count, biz_type, biz_id, send_time, send_status, create_user)
      values ${valuesList(logs.length, 16)}`,
    ...logs.flatMap((l) => [
      l.id,
      l.tenantId,
      l.messageType,
      l.channel,
      l.templateCode,
      l.title,
      l.content,
      l.sender,
      l.senderId,
      l.receivers,
      l.receiverCount,
      l.bizType,
      l.bizId,
      l.sendTime,
      l.sendStatus,
      l.createUser,
    ]),
  );
  const recordInsert = stmt(
    `insert into blade_message_record (id, tenant_id, log_id, user_id, message_type, title, content, sender, sender_id,
      biz_type, biz_id, send_time, create_user) values ${valuesList(records.length, 13)}`,
    ...records.flatMap((r) => [
      newId(),
      r.tenantId,
      r.logId,
      r.userId,
      r.messageType,
      r.title,
      r.content,
      r.sender,
      r.senderId,
      r.bizType,
      r.bizId,
      r.sendTime,
      r.createUser,
    ]),
  );
  const events = built.flatMap((b) => bellEvents(tenantId, b.userIds, b.event));
  if (live.viaDatabase) {
    const notes = events.map((ev) => stmt('pg_notify(?, ?)', ...live.notifyArgs(ev)));
    await run(
      tx,
      withCtes(stmt(`select ${notes.map((n) => n.text).join(', ')}`, ...notes.flatMap((n) => n.values)), [
        ['log', logInsert],
        ['rec', recordInsert],
      ]),
    );
    return async () => {};
  }
  await run(tx, withCtes(recordInsert, [['log', logInsert]]));
  return () => publishQuietly(live, events);
}

/** The bell's live events of one change for these users (chunks keep a NOTIFY payload under its cap). */
function bellEvents(tenantId: string, userIds: string[], data: unknown): LiveEvent[] {
  return chunk(userIds, LIVE_CHUNK).map((part) => ({ topic: MESSAGE_TOPIC, tenantId, userIds: part, data }));
}

/** The records are committed whatever happens to the live event: a lost event only delays the bell. */
async function publishQuietly(live: Ctx['live'], events: LiveEvent[]) {
  for (const ev of events) {
    try {
      await live.publish(ev);
    } catch {
      /* the bell catches up on its next count */
    }
  }
}

export interface MessageLogInput {
  tenantId: string;
  messageType?: number;
  /** sms, email, … */
  channel: string;
  templateCode?: string;
  title?: string;
  content?: string;
  sender?: string;
  senderId?: string;
  receivers: string[];
  bizType?: string;
  bizId?: string;
  /** false: the send failed (errorMsg says why) */
  ok: boolean;
  errorMsg?: string;
}

/** Records a send on another channel (SMS, e-mail…) in the message log; returns its id. */
export async function writeMessageLog(db: Db, input: MessageLogInput): Promise<string> {
  const [row] = await db
    .insert(messageLog)
    .values({
      tenantId: input.tenantId,
      messageType: input.messageType ?? MESSAGE_TYPES.NOTICE,
      channel: input.channel,
      templateCode: input.templateCode ?? null,
      title: input.title?.slice(0, TITLE_MAX) ?? null,
      content: input.content ?? null,
      sender: input.sender ?? '系统',
      senderId: input.senderId ?? null,
      receivers: input.receivers.join(','),
      receiverCount: input.receivers.length,
      bizType: input.bizType ?? null,
      bizId: input.bizId ?? null,
      sendStatus: input.ok ? 1 : 0,
      errorMsg: input.errorMsg?.slice(0, 1000) ?? null,
      createUser: input.senderId ?? null,
    })
    .returning({ id: messageLog.id });
  return row.id;
}

// ---------------------------------------------------------------- the recipient's box

/** Fields of a record as the bell and the message centre read them. */
const recordFields = {
  id: messageRecord.id,
  tenantId: messageRecord.tenantId,
  messageType: messageRecord.messageType,
  messageStatus: messageRecord.messageStatus,
  title: messageRecord.title,
  content: messageRecord.content,
  sendTime: messageRecord.sendTime,
  sender: messageRecord.sender,
  bizType: messageRecord.bizType,
  bizId: messageRecord.bizId,
  readTime: messageRecord.readTime,
  createTime: messageRecord.createTime,
};

const ownedBy = (user: AuthUser) => liveInTenant(messageRecord, user.tenantId, eq(messageRecord.userId, user.userId));

/** Filters a caller may not use on their own box (they are fixed by who the caller is). */
const RECORD_DENY = new Set([
  'userId',
  'tenantId',
  'isDeleted',
  'createUser',
  'updateUser',
  'createDept',
  'senderId',
  'logId',
]);

/** The caller's records, newest first; every other query key is a BladeX filter on the record. */
export async function pageRecords(db: Db, user: AuthUser, query: Record<string, unknown>, paging: Paging) {
  const where = and(ownedBy(user), ...compileFilters(messageRecord, query, { deny: RECORD_DENY }));
  const order = compileSort(messageRecord, query, [desc(messageRecord.sendTime), desc(messageRecord.id)]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(recordFields)
      .from(messageRecord)
      .where(where)
      .orderBy(...order)
      .limit(paging.size)
      .offset(paging.offset),
    db.select({ total: count() }).from(messageRecord).where(where),
  ]);
  return pageOf(rows, Number(total), paging);
}

/** Records per message type in the caller's box with the given status (unread by default), every known type listed. */
export async function countByType(db: Db, user: AuthUser, status: string = UNREAD) {
  const rows = await db
    .select({ messageType: messageRecord.messageType, count: count() })
    .from(messageRecord)
    .where(and(ownedBy(user), eq(messageRecord.messageStatus, status)))
    .groupBy(messageRecord.messageType);
  const byType = new Map<number, number>(KNOWN_MESSAGE_TYPES.map((t) => [t, 0]));
  for (const r of rows) byType.set(r.messageType, Number(r.count));
  return [...byType.entries()].sort(([a], [b]) => a - b).map(([messageType, n]) => ({ messageType, count: n }));
}

/** Unread records in the caller's box. */
export async function countUnread(db: Db, user: AuthUser): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messageRecord)
    .where(and(ownedBy(user), eq(messageRecord.messageStatus, UNREAD)));
  return Number(n);
}

/** One of the caller's records; undefined when it does not exist, was removed or belongs to someone else. */
export async function recordDetail(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select(recordFields)
    .from(messageRecord)
    .where(and(eq(messageRecord.id, id), ownedBy(user)));
  return row;
}

/**
 * Refuses (403) when any of `ids` is a record of someone else; ids that do not exist are ignored, so a repeated
 * click is harmless. Runs inside the caller's transaction.
 */
async function assertOwn(tx: Pick<Db, 'select'>, user: AuthUser, ids: string[]) {
  const foreign = await tx
    .select({ id: messageRecord.id })
    .from(messageRecord)
    .where(
      and(
        inArray(messageRecord.id, ids),
        sql`(${messageRecord.userId} <> ${user.userId} or ${messageRecord.tenantId} <> ${user.tenantId})`,
      ),
    )
    .limit(1);
  if (foreign.length) throw forbidden();
}

/** Marks the caller's records read; returns how many changed state. */
export async function markRead(ctx: Ctx, user: AuthUser, ids: string[]): Promise<number> {
  const changed = await ctx.db.transaction(async (tx) => {
    await assertOwn(tx, user, ids);
    const now = new Date();
    const rows = await tx
      .update(messageRecord)
      .set({ messageStatus: READ, readTime: now, updateUser: user.userId, updateTime: now })
      .where(and(inArray(messageRecord.id, ids), ownedBy(user), eq(messageRecord.messageStatus, UNREAD)))
      .returning({ id: messageRecord.id });
    return rows.map((r) => r.id);
  });
  if (changed.length)
    await publishQuietly(ctx.live, bellEvents(user.tenantId, [user.userId], { action: 'read', ids: changed }));
  return changed.length;
}

/** Soft-deletes the caller's records; returns how many were removed. */
export async function removeRecords(ctx: Ctx, user: AuthUser, ids: string[]): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    await assertOwn(tx, user, ids);
    const rows = await tx
      .update(messageRecord)
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() })
      .where(and(inArray(messageRecord.id, ids), ownedBy(user)))
      .returning({ id: messageRecord.id });
    return rows.map((r) => r.id);
  });
  if (removed.length)
    await publishQuietly(ctx.live, bellEvents(user.tenantId, [user.userId], { action: 'remove', ids: removed }));
  return removed.length;
}
