/**
 * Shared by the engine API tests (engine.api, engine.property.api) and, for the HTTP calls, by workflow.api and flow.api: each suite boots its own app and needs the
 * platform tenant's people by account, processes deployed under fresh keys, instances started as someone, and the
 * instance's rows read back. Kept in one place so the suites drive the engine the same way.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type bootSignedIn, bootTestApp, signedInSuite, type TestApp } from '../../../test/harness.ts';
import type { AppContext } from '../../core/module.ts';
import { buildBpmn, inLine, type SimpleNode, type SimpleProcess } from './build.ts';
import { deploy } from './deploy.ts';
import { type Actor, type StartInput, startInstance } from './engine.ts';
import { completeTask } from './operations.ts';
import { wfExecution, wfInstance, wfTask } from './schema.ts';

/** the platform tenant, where the demo people live */
export const T = '000000';

/** A process to deploy; without a key it gets a fresh one. */
export type TestProcess = Omit<SimpleProcess, 'key'> & { key?: string };

/** The countersign step `sign` (会签): one instance per user id in the variable `signers`, each held by its `signer`. */
export const signTask = (sequential: boolean, completion?: string): SimpleNode => ({
  id: 'sign',
  type: 'task',
  name: '会签',
  assignee: '${signer}',
  mi: { sequential, collection: 'signers', elementVariable: 'signer', completion },
});

/**
 * A countersign process (engine.api, engine.property.api): start `s` → 申请 `a0` by the starter → the countersign
 * `sign` (see signTask) → `z` with `last`'s fields (its name among them) → end `e`.
 */
export const countersigned = (
  name: string,
  last: Omit<SimpleNode, 'id' | 'type'>,
  sequential: boolean,
  completion?: string,
): Omit<SimpleProcess, 'key'> => ({
  name,
  nodes: [
    { id: 's', type: 'start' },
    { id: 'a0', type: 'task', name: '申请', assignee: '${starter}' },
    signTask(sequential, completion),
    { id: 'z', type: 'task', ...last },
    { id: 'e', type: 'end' },
  ],
  flows: inLine('s', 'a0', 'sign', 'z', 'e'),
});

/**
 * A parallel process (engine.api, engine.property.api): start `s` → 申请 `a0` by the starter → fork → the steps of
 * `branch` one after another, beside them `b2` with `side`'s fields → join → `z` with `last`'s fields → end `e`.
 */
export const forked = (
  name: string,
  branch: SimpleNode[],
  side: Omit<SimpleNode, 'id' | 'type'>,
  last: Omit<SimpleNode, 'id' | 'type'>,
): Omit<SimpleProcess, 'key'> => ({
  name,
  nodes: [
    { id: 's', type: 'start' },
    { id: 'a0', type: 'task', name: '申请', assignee: '${starter}' },
    { id: 'fork', type: 'and' },
    ...branch,
    { id: 'b2', type: 'task', ...side },
    { id: 'join', type: 'and' },
    { id: 'z', type: 'task', ...last },
    { id: 'e', type: 'end' },
  ],
  flows: [
    ...inLine('s', 'a0', 'fork', ...branch.map((n) => n.id)),
    { from: 'fork', to: 'b2' },
    { from: branch[branch.length - 1].id, to: 'join' },
    ...inLine('b2', 'join', 'z', 'e'),
  ],
});

/** A process of one step `a` between start `s` (with `start`'s fields) and end `e`: the HTTP suites' uploads and models. */
export const oneStep = (
  key: string,
  name: string,
  task: Omit<SimpleNode, 'id' | 'type'>,
  start: Omit<SimpleNode, 'id' | 'type'> = {},
): SimpleProcess => ({
  key,
  name,
  nodes: [
    { id: 's', type: 'start', ...start },
    { id: 'a', type: 'task', ...task },
    { id: 'e', type: 'end' },
  ],
  flows: inLine('s', 'a', 'e'),
});

/** What a start takes besides the tenant, the process and the starter. */
export type StartMore = Omit<StartInput, 'tenantId' | 'processKey' | 'starterUserId'>;

/**
 * Boots the app in `beforeAll` and hands it and its context to `set`, closes it in `afterAll`. `ids` maps the
 * platform tenant's accounts (only `accounts` when given) to their user ids once booted.
 */
export function engineSuite(set: (s: { t: TestApp; ctx: AppContext }) => void, accounts?: string[]) {
  let t: TestApp | undefined;
  let ctx: AppContext;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await bootTestApp();
    ctx = t.app.ctx;
    const { rows } = await ctx.database.pool.query<{ id: string; account: string }>(
      'select id::text, account from blade_user where tenant_id = $1',
      [T],
    );
    for (const r of rows) if (!accounts || accounts.includes(r.account)) ids[r.account] = r.id;
    set({ t, ctx });
  });
  afterAll(() => t?.close());

  let seq = 0;
  const actor = (userId: string): Actor => ({ userId, tenantId: T });
  const as = (account: string): Actor => actor(ids[account]);
  /** deploys `p` in the platform tenant; its key */
  const deployed = async (p: TestProcess) => {
    const key = p.key ?? `p_${++seq}_${Date.now()}`;
    await deploy(ctx, { tenantId: T, xml: buildBpmn({ ...p, key }) });
    return key;
  };
  /** starts an instance of `processKey` with the account `starter` as its starter */
  const start = (processKey: string, starter: string, more: StartMore = {}) =>
    startInstance(ctx, { tenantId: T, processKey, starterUserId: ids[starter], ...more });
  /** the instance's open tasks, oldest first */
  const openTasks = (instanceId: string) =>
    ctx.db
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, instanceId), isNull(wfTask.endTime)))
      .orderBy(wfTask.id);
  return {
    ids,
    actor,
    as,
    deployed,
    start,
    openTasks,
    /** deploys `p` and starts one instance of it as `starter`: the key and the instance */
    async started(p: TestProcess, starter: string, more: StartMore = {}) {
      const key = await deployed(p);
      return { key, ...(await start(key, starter, more)) };
    },
    /** the account `account` completes the instance's first open task */
    async completeFirst(instanceId: string, account: string) {
      await completeTask(ctx, as(account), { taskId: (await openTasks(instanceId))[0].id });
    },
    inst: async (id: string) => (await ctx.db.select().from(wfInstance).where(eq(wfInstance.id, id)))[0],
    execs: (id: string) => ctx.db.select().from(wfExecution).where(eq(wfExecution.instanceId, id)),
  };
}

/**
 * The HTTP suites (workflow.api, flow.api): the app with the four demo accounts signed in, handed to `set` like
 * `signedInSuite`; the returned `as(who, call)` makes the call in `who`'s session and answers its status and body.
 */
export function httpSuite(set: (s: Awaited<ReturnType<typeof bootSignedIn>>) => void) {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  signedInSuite(['admin', 'operator', 'patrol', 'auditor'], (s) => {
    ({ t, tokens } = s);
    set(s);
  });
  return async function as<T = any>(
    who: string,
    fn: () => Promise<{ statusCode: number; json(): any }>,
  ): Promise<{ status: number; body: T & any }> {
    t.token = tokens[who];
    const r = await fn();
    return { status: r.statusCode, body: r.json() };
  };
}
