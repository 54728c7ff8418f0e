/** The whitelisted expression language and the BPMN compiler (no database). */
import { describe, expect, it } from 'vitest';
import { buildBpmn, inLine } from './build.ts';
import { ExprError, evaluate, namesOf, test } from './expr.ts';
import { BpmnError, compileBpmn, durationMs, reachable } from './parse.ts';
import { exclusive } from './process-helpers.ts';

describe('expressions', () => {
  it('evaluates the conditions processes use', () => {
    expect(test('${days > 3}', { days: 5 })).toBe(true);
    expect(test('${days > 3}', { days: '2' })).toBe(false);
    expect(test("${level == '重大'}", { level: '重大' })).toBe(true);
    expect(
      test('${nrOfCompletedInstances / nrOfInstances >= 0.5}', { nrOfCompletedInstances: 2, nrOfInstances: 4 }),
    ).toBe(true);
    expect(
      test('${nrOfCompletedInstances / nrOfInstances >= 0.5}', { nrOfCompletedInstances: 1, nrOfInstances: 4 }),
    ).toBe(false);
    expect(test('${pass && amount ge 100 or vip}', { pass: true, amount: 120, vip: false })).toBe(true);
    expect(test('${not empty users and size(users) == 2}', { users: ['1', '2'] })).toBe(true);
    expect(evaluate('${a.b[1]}', { a: { b: [1, 'x'] } })).toBe('x');
    expect(evaluate('${x ? "是" : "否"}', { x: 0 })).toBe('否');
    expect(evaluate('${contains(roles, "admin")}', { roles: 'user,admin' })).toBe(true);
    expect(evaluate('${1 + 2 * 3 - (4 % 3)}', {})).toBe(6);
    expect(evaluate('${"a" + 1}', {})).toBe('a1');
    expect(evaluate('${missing}', {})).toBeUndefined();
  });

  it('refuses anything that could reach outside the variables', () => {
    for (const src of [
      '${constructor}',
      '${a.constructor}',
      "${a['__proto__']}",
      '${process.exit(1)}',
      '${eval("1")}',
      '${a = 1}',
      '${`x`}',
      '${a;b}',
      '${(}',
    ])
      expect(() => evaluate(src, { a: {} }), src).toThrow(ExprError);
    expect(evaluate('${a.toString}', { a: {} })).toBeUndefined();
    expect(evaluate('${a.length}', { a: [1, 2] })).toBe(2);
  });

  it('lists the names an expression reads', () => {
    expect(namesOf('${starterDeptLeader}')).toEqual(['starterDeptLeader']);
    expect(namesOf('${a > b && size(c)}').sort()).toEqual(['a', 'b', 'c']);
  });
});

const proc = (over: Partial<Parameters<typeof buildBpmn>[0]> = {}) =>
  buildBpmn({
    key: 'p',
    ...exclusive('P', undefined, [
      { id: 'a', name: 'A', assignee: '${starter}', timer: 'R2/PT1H', condition: '${x > 1}' },
      {
        id: 'b',
        name: 'B',
        candidateGroups: 'role:operator',
        mi: { collection: 'users', elementVariable: 'u' },
        isDefault: true,
      },
    ]),
    ...over,
  });

describe('BPMN compiler', () => {
  it('compiles the subset: gateways, default flows, multi-instance, reminder timers', async () => {
    const g = await compileBpmn(proc());
    expect(g.processKey).toBe('p');
    expect(g.startId).toBe('s');
    expect(g.nodes.g.default).toBe(g.nodes.g.outgoing[1]);
    expect(g.flows[g.nodes.g.outgoing[0]].condition).toBe('${x > 1}');
    expect(g.nodes.a.timers).toEqual([
      { id: 'a_timer', name: '超时提醒', intervalMs: 3_600_000, repeat: 2, outgoing: [] },
    ]);
    expect(g.nodes.b.mi).toMatchObject({ sequential: false, collection: 'users', elementVariable: 'u' });
    expect([...reachable(g, 's')].sort()).toEqual(['a', 'b', 'e', 'g']);
  });

  it('refuses what the engine does not run, with a clear message', async () => {
    await expect(compileBpmn('<x')).rejects.toThrow(/^流程 XML 无法解析/);
    await expect(
      compileBpmn(
        proc({
          nodes: [
            { id: 's', type: 'start' },
            { id: 'a', type: 'task', name: 'A' },
            { id: 'e', type: 'end' },
          ],
          flows: inLine('s', 'a', 'e'),
        }),
      ),
    ).rejects.toThrow('任务「A」没有设置处理人或候选人');
    await expect(
      compileBpmn(
        proc({
          nodes: [
            { id: 's', type: 'start' },
            { id: 'e', type: 'end' },
            { id: 'x', type: 'task', name: 'X', assignee: '1' },
          ],
          flows: [{ from: 's', to: 'e' }],
        }),
      ),
    ).rejects.toThrow('节点「X」没有流出的连线');
    const inclusive = proc()
      .replace('<bpmn:exclusiveGateway', '<bpmn:inclusiveGateway')
      .replace('</bpmn:exclusiveGateway>', '</bpmn:inclusiveGateway>');
    await expect(compileBpmn(inclusive)).rejects.toThrow(/不支持的流程元素/);
    const badCond = proc().replace('${x &gt; 1}', '${x &gt;}');
    await expect(compileBpmn(badCond)).rejects.toThrow(BpmnError);
    // an interrupting timer ends its task, so it must lead somewhere (a reminder-only timer need not)
    const interrupting = proc().replace('cancelActivity="false"', 'cancelActivity="true"');
    await expect(compileBpmn(interrupting)).rejects.toThrow('中断定时边界事件「超时提醒」须有流出的连线');
  });

  it('reads ISO 8601 durations', () => {
    expect(durationMs('PT2H')).toBe(7_200_000);
    expect(durationMs('P1DT30M')).toBe(88_200_000);
    expect(durationMs('P1W')).toBe(604_800_000);
    expect(durationMs('2 hours')).toBeUndefined();
    expect(durationMs('PT')).toBeUndefined();
  });
});
