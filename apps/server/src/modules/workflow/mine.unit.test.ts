import { describe, expect, it } from 'vitest';
import { stepsOf } from './mine.ts';
import type { Graph } from './parse.ts';

const node = (id: string, type: string, outgoing: string[], name?: string) => ({
  id,
  type,
  name,
  incoming: [],
  outgoing,
});

describe('stepsOf', () => {
  it('lists the user tasks along the path from the start, following default flows at gateways, once', () => {
    const g = {
      processKey: 'p',
      name: 'p',
      startId: 's',
      nodes: {
        s: node('s', 'startEvent', ['f1']),
        a: node('a', 'userTask', ['f2'], '派单'),
        gw: { ...node('gw', 'exclusiveGateway', ['f3', 'f4']), default: 'f4' },
        b: node('b', 'userTask', ['f5'], '抢修'),
        c: node('c', 'userTask', ['f6']),
        e: node('e', 'endEvent', []),
      },
      flows: {
        f1: { id: 'f1', source: 's', target: 'a' },
        f2: { id: 'f2', source: 'a', target: 'gw' },
        f3: { id: 'f3', source: 'gw', target: 'e' },
        f4: { id: 'f4', source: 'gw', target: 'b' },
        f5: { id: 'f5', source: 'b', target: 'c' },
        f6: { id: 'f6', source: 'c', target: 'a' },
      },
    } as unknown as Graph;
    expect(stepsOf(g)).toEqual([
      { key: 'a', name: '派单' },
      { key: 'b', name: '抢修' },
      { key: 'c', name: 'c' },
    ]);
  });
});
