/**
 * The engine's own activities (issue 24): intermediate timer catch events and interrupting boundary timers fired by
 * the timer poll with a later clock, an embedded sub-process completing into its parent, message correlation
 * resuming a waiting token (also over HTTP, with its grant), and service tasks (set a variable, send a message, call
 * HTTP through the outbound wall: a local server only for the trusted platform tenant, a clean 400 otherwise).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { user } from '../../db/schema.ts';
import { messageRecord } from '../message/schema.ts';
import { deploy } from './deploy.ts';
import { type Actor, type Ctx, startInstance } from './engine.ts';
import { completeTask } from './operations.ts';
import { compileBpmn } from './parse.ts';
import { wfActivity, wfExecution, wfInstance, wfTask, wfTimer } from './schema.ts';
import { correlateMessage } from './service-task.ts';
import { fireDueTimers } from './timers.ts';

let t: TestApp;
let ctx: Ctx;
const T = '000000';
const ids: Record<string, string> = {};
const as = (account: string, tenantId = T): Actor => ({ userId: ids[`${tenantId}:${account}`], tenantId });
let server: http.Server;
let port = 0;
const hits: { method?: string; body: string }[] = [];

beforeAll(async () => {
  t = await bootTestApp();
  ctx = t.app.ctx;
  const rows = await ctx.db.select({ id: user.id, account: user.account, tenantId: user.tenantId }).from(user);
  for (const r of rows) ids[`${r.tenantId}:${r.account}`] = r.id;
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      hits.push({ method: req.method, body });
      if (req.url === '/fail') {
        res.writeHead(500).end('no');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ approved: true, got: body }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"`;
let seq = 0;
const key = () => `ev_${++seq}_${Date.now()}`;
const xmlOf = (k: string, inner: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" targetNamespace="x">${extra}<bpmn:process id="${k}" name="${k}" isExecutable="true">${inner}</bpmn:process></bpmn:definitions>`;
const flow = (id: string, a: string, b: string) => `<bpmn:sequenceFlow id="${id}" sourceRef="${a}" targetRef="${b}" />`;

async function run(inner: string, extra = '', tenantId = T, starter = 'admin') {
  const k = key();
  await deploy(ctx, { tenantId, xml: xmlOf(k, inner, extra) });
  return startInstance(ctx, {
    tenantId,
    processKey: k,
    starterUserId: as(starter, tenantId).userId,
    variables: { days: 2 },
  });
}
const open = (id: string) =>
  ctx.db
    .select()
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, id), isNull(wfTask.endTime)));
const state = async (id: string) => (await ctx.db.select().from(wfInstance).where(eq(wfInstance.id, id)))[0];
const later = (ms: number) => new Date(Date.now() + ms);

describe('timers', () => {
  it('an intermediate timer waits for its due time (persisted), then the token goes on', async () => {
    const r = await run(
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'wait')}
       <bpmn:intermediateCatchEvent id="wait" name="等两秒"><bpmn:timerEventDefinition><bpmn:timeDuration>PT2S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
       ${flow('f2', 'wait', 'next')}<bpmn:userTask id="next" name="下一步" flowable:assignee="\${applyUser}" />${flow('f3', 'next', 'e')}<bpmn:endEvent id="e" />`,
    );
    const [timer] = await ctx.db.select().from(wfTimer).where(eq(wfTimer.instanceId, r.id));
    expect(timer.taskId).toBeNull();
    expect(timer.dueAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(await open(r.id)).toEqual([]);
    // not yet due: nothing moves
    await fireDueTimers(ctx, new Date());
    expect(await open(r.id)).toEqual([]);
    // a clock past the due time: the token reaches 下一步
    expect(await fireDueTimers(ctx, later(3000))).toBeGreaterThanOrEqual(1);
    expect((await open(r.id)).map((x) => x.name)).toEqual(['下一步']);
    expect(await ctx.db.select().from(wfTimer).where(eq(wfTimer.instanceId, r.id))).toEqual([]);
    const hist = await ctx.db.select().from(wfActivity).where(eq(wfActivity.instanceId, r.id));
    expect(hist.find((h) => h.activityId === 'wait')?.endTime).toBeTruthy();
  });

  it('an interrupting boundary timer ends the task and leaves by its own flow', async () => {
    const r = await run(
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'a')}
       <bpmn:userTask id="a" name="审批" flowable:assignee="\${applyUser}" />${flow('f2', 'a', 'e')}
       <bpmn:boundaryEvent id="late" name="超时" attachedToRef="a"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
       ${flow('f3', 'late', 'esc')}<bpmn:userTask id="esc" name="升级处理" flowable:assignee="\${applyUser}" />${flow('f4', 'esc', 'e')}<bpmn:endEvent id="e" />`,
    );
    const [task] = await open(r.id);
    expect(task.name).toBe('审批');
    await fireDueTimers(ctx, later(30 * 60_000));
    expect((await open(r.id)).map((x) => x.name)).toEqual(['审批']);
    await fireDueTimers(ctx, later(61 * 60_000));
    expect((await open(r.id)).map((x) => x.name)).toEqual(['升级处理']);
    const [ended] = await ctx.db.select().from(wfTask).where(eq(wfTask.id, task.id));
    expect(ended.deleteReason).toBe('timeout');
    expect((await ctx.db.select().from(wfExecution).where(eq(wfExecution.instanceId, r.id))).length).toBe(1);
  });

  it('refuses a timer without a valid ISO 8601 duration or date', async () => {
    const bad = xmlOf(
      'bad_timer',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'w')}<bpmn:intermediateCatchEvent id="w"><bpmn:timerEventDefinition><bpmn:timeDuration>2 hours</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>${flow('f2', 'w', 'e')}<bpmn:endEvent id="e" />`,
    );
    await expect(compileBpmn(bad)).rejects.toThrow(/ISO 8601/);
    const dated = await compileBpmn(
      bad.replace(
        '<bpmn:timeDuration>2 hours</bpmn:timeDuration>',
        '<bpmn:timeDate>2030-01-01T09:00:00Z</bpmn:timeDate>',
      ),
    );
    expect(dated.nodes.w.wait).toEqual({ at: '2030-01-01T09:00:00.000Z' });
  });
});

describe('embedded sub-process', () => {
  it('runs its inner nodes and completes into the parent', async () => {
    const r = await run(
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'sub')}
       <bpmn:subProcess id="sub" name="现场处理">
         <bpmn:startEvent id="ss" />${flow('g1', 'ss', 'inner')}
         <bpmn:userTask id="inner" name="内部任务" flowable:assignee="\${applyUser}" />${flow('g2', 'inner', 'se')}
         <bpmn:endEvent id="se" />
       </bpmn:subProcess>
       ${flow('f2', 'sub', 'after')}<bpmn:userTask id="after" name="子流程之后" flowable:assignee="\${applyUser}" />${flow('f3', 'after', 'e')}<bpmn:endEvent id="e" />`,
    );
    const [inner] = await open(r.id);
    expect(inner.name).toBe('内部任务');
    await completeTask(ctx, as('admin'), { taskId: inner.id });
    const [after] = await open(r.id);
    expect(after.name).toBe('子流程之后');
    expect((await state(r.id)).state).toBe('running');
    await completeTask(ctx, as('admin'), { taskId: after.id });
    expect((await state(r.id)).state).toBe('finished');
    const hist = await ctx.db.select().from(wfActivity).where(eq(wfActivity.instanceId, r.id));
    expect(hist.find((h) => h.activityId === 'sub')?.endTime).toBeTruthy();
  });

  it('refuses a flow across the sub-process border', async () => {
    await expect(
      compileBpmn(
        xmlOf(
          'cross',
          `<bpmn:startEvent id="s" />${flow('f1', 's', 'inner')}<bpmn:subProcess id="sub"><bpmn:startEvent id="ss" /><bpmn:userTask id="inner" flowable:assignee="1" /><bpmn:endEvent id="se" />${flow('g2', 'inner', 'se')}</bpmn:subProcess>${flow('f2', 'sub', 'e')}<bpmn:endEvent id="e" />`,
        ),
      ),
    ).rejects.toThrow(/跨越子流程/);
  });
});

describe('messages', () => {
  const msgProcess = `<bpmn:startEvent id="s" />${flow('f1', 's', 'pay')}
    <bpmn:intermediateCatchEvent id="pay" name="等待缴费"><bpmn:messageEventDefinition messageRef="m1" /></bpmn:intermediateCatchEvent>
    ${flow('f2', 'pay', 'ok')}<bpmn:userTask id="ok" name="装表" flowable:assignee="\${applyUser}" />${flow('f3', 'ok', 'e')}<bpmn:endEvent id="e" />`;
  const msgDef = '<bpmn:message id="m1" name="paid" />';

  it('a correlated message resumes the waiting token with its variables', async () => {
    const r = await run(msgProcess, msgDef);
    expect(await open(r.id)).toEqual([]);
    await expect(correlateMessage(ctx, as('admin'), { messageName: 'other', processInstanceId: r.id })).rejects.toThrow(
      '没有等待消息「other」的流程',
    );
    expect(
      await correlateMessage(ctx, as('admin'), {
        messageName: 'paid',
        processInstanceId: r.id,
        variables: { amount: 300 },
      }),
    ).toBe(1);
    expect((await open(r.id)).map((x) => x.name)).toEqual(['装表']);
    expect(((await state(r.id)).vars as any).amount).toBe(300);
    // once: nothing waits any more
    await expect(
      correlateMessage(ctx, as('admin'), { messageName: 'paid', processInstanceId: r.id }),
    ).rejects.toThrow();
  });

  it('over HTTP: administrators (ops) may correlate, a clerk may not; another tenant finds nothing', async () => {
    const r = await run(msgProcess, msgDef);
    const url = '/api/blade-flow/message/correlate';
    t.token = (await t.signIn('operator', 'operator')).access_token;
    expect((await t.post(url, { messageName: 'paid', processInstanceId: r.id })).statusCode).toBe(403);
    t.token = (await t.signIn('admin', 'admin', '100001')).access_token;
    const foreign = await t.post(url, { messageName: 'paid', processInstanceId: r.id });
    expect(foreign.json().msg).toBe('没有等待消息「paid」的流程');
    t.token = (await t.signIn('admin', 'admin')).access_token;
    expect((await t.post(url, { processInstanceId: r.id })).json().msg).toBe('缺少必要的请求参数: messageName');
    const okr = await t.post(url, { messageName: 'paid', processInstanceId: r.id });
    expect(okr.statusCode).toBe(200);
    expect(okr.json().data.correlated).toBe(1);
    expect((await open(r.id)).map((x) => x.name)).toEqual(['装表']);
  });
});

describe('service tasks', () => {
  const around = (task: string) =>
    `<bpmn:startEvent id="s" />${flow('f1', 's', 'svc')}${task}${flow('f2', 'svc', 'next')}<bpmn:userTask id="next" name="之后" flowable:assignee="\${applyUser}" />${flow('f3', 'next', 'e')}<bpmn:endEvent id="e" />`;

  it('sets a variable and sends a message', async () => {
    const r = await run(
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'setv')}
       <bpmn:serviceTask id="setv" name="计算" flowable:type="setVariable" flowable:variableName="total" flowable:variableValue="\${days * 10}" />
       ${flow('f2', 'setv', 'svc')}
       <bpmn:serviceTask id="svc" name="通知" flowable:type="message" flowable:messageTo="\${applyUser}" flowable:messageTitle="金额 {total}" flowable:messageContent="共 {days} 天" />
       ${flow('f3', 'svc', 'e')}<bpmn:endEvent id="e" />`,
    );
    expect((await state(r.id)).state).toBe('finished');
    expect(((await state(r.id)).vars as any).total).toBe(20);
    const msgs = await ctx.db.select().from(messageRecord).where(eq(messageRecord.bizId, r.id));
    expect(msgs.some((m: any) => m.title === '金额 20')).toBe(true);
  });

  it('calls a local endpoint for the trusted platform tenant and stores the reply', async () => {
    const r = await run(
      around(
        `<bpmn:serviceTask id="svc" name="外部审批" flowable:type="http" flowable:method="POST" flowable:url="http://127.0.0.1:${port}/ok" flowable:body='{"days":{days}}' flowable:resultVariable="reply" />`,
      ),
    );
    expect((await open(r.id)).map((x) => x.name)).toEqual(['之后']);
    expect(((await state(r.id)).vars as any).reply).toEqual({ approved: true, got: '{"days":2}' });
    expect(hits.at(-1)).toEqual({ method: 'POST', body: '{"days":2}' });
  });

  it('fails cleanly: a failing endpoint or a walled host is a 400 and nothing is written', async () => {
    const before = hits.length;
    await expect(
      run(
        around(
          `<bpmn:serviceTask id="svc" name="外部审批" flowable:type="http" flowable:url="http://127.0.0.1:${port}/fail" />`,
        ),
      ),
    ).rejects.toThrow('服务任务「外部审批」调用失败: HTTP 500');
    expect(hits.length).toBe(before + 1);
    // another tenant: loopback stays behind the wall whatever the allow list says; the server is never reached
    await expect(
      run(
        around(
          `<bpmn:serviceTask id="svc" name="外部审批" flowable:type="http" flowable:url="http://127.0.0.1:${port}/ok" />`,
        ),
        '',
        '100001',
      ),
    ).rejects.toThrow('服务任务「外部审批」调用失败: 目标地址不在允许范围内');
    expect(hits.length).toBe(before + 1);
    const left = await ctx.db.select().from(wfInstance).where(eq(wfInstance.tenantId, '100001'));
    expect(left.filter((i) => i.processKey.startsWith('ev_'))).toEqual([]);
  });
});
