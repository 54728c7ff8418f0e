/**
 * Writes BPMN 2.0 XML (with a simple left-to-right diagram) from a compact description: the demo processes of the
 * seed and the tests are written this way, and the result is what the designer opens.
 */
export interface SimpleNode {
  id: string;
  type: 'start' | 'end' | 'task' | 'xor' | 'and';
  name?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  buttons?: string;
  rollbackNode?: string;
  initiator?: string;
  formEditable?: boolean;
  mi?: {
    sequential?: boolean;
    collection?: string;
    elementVariable?: string;
    completion?: string;
    cardinality?: string;
  };
  /** non-interrupting reminder timer: ISO duration (PT2H) or cycle (R3/PT1H) */
  timer?: string;
}

export interface SimpleFlow {
  from: string;
  to: string;
  id?: string;
  name?: string;
  condition?: string;
  isDefault?: boolean;
}

export interface SimpleProcess {
  key: string;
  titleTemplate?: string;
  skipFirstNode?: boolean;
  name: string;
  rollbackNode?: string;
  nodes: SimpleNode[];
  flows: SimpleFlow[];
}

/**
 * The flows through `ids` one after another: `inLine('s', 'a', 'e')` is s → a → e. Most processes (the demo ones, the
 * tests', the benchmark's) are such a chain, or have one in them.
 */
export const inLine = (...ids: string[]): SimpleFlow[] => ids.slice(1).map((to, i) => ({ from: ids[i], to }));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TAG: Record<SimpleNode['type'], string> = {
  start: 'startEvent',
  end: 'endEvent',
  task: 'userTask',
  xor: 'exclusiveGateway',
  and: 'parallelGateway',
};

export function buildBpmn(p: SimpleProcess): string {
  const flows = p.flows.map((f, i) => ({ ...f, id: f.id ?? `Flow_${i + 1}` }));
  const attr = (k: string, v: string | undefined) => (v ? ` ${k}="${esc(v)}"` : '');
  const body: string[] = [];
  for (const n of p.nodes) {
    const tag = TAG[n.type];
    const def = n.type === 'xor' ? flows.find((f) => f.from === n.id && f.isDefault)?.id : undefined;
    let a = `id="${esc(n.id)}"${attr('name', n.name)}${attr('default', def)}`;
    a += attr('flowable:initiator', n.initiator) + attr('flowable:formKey', n.formKey);
    a += attr('flowable:assignee', n.assignee) + attr('flowable:candidateUsers', n.candidateUsers);
    a += attr('flowable:candidateGroups', n.candidateGroups) + attr('flowable:buttons', n.buttons);
    a +=
      attr('flowable:rollbackNode', n.rollbackNode) +
      attr('flowable:formEditable', n.formEditable ? 'true' : undefined);
    const inner: string[] = [];
    for (const f of flows) if (f.to === n.id) inner.push(`<bpmn:incoming>${f.id}</bpmn:incoming>`);
    for (const f of flows) if (f.from === n.id) inner.push(`<bpmn:outgoing>${f.id}</bpmn:outgoing>`);
    if (n.mi) {
      const m = n.mi;
      inner.push(
        `<bpmn:multiInstanceLoopCharacteristics isSequential="${Boolean(m.sequential)}"${attr('flowable:collection', m.collection)}${attr('flowable:elementVariable', m.elementVariable)}>` +
          (m.cardinality ? `<bpmn:loopCardinality>${esc(m.cardinality)}</bpmn:loopCardinality>` : '') +
          (m.completion ? `<bpmn:completionCondition>${esc(m.completion)}</bpmn:completionCondition>` : '') +
          '</bpmn:multiInstanceLoopCharacteristics>',
      );
    }
    body.push(`<bpmn:${tag} ${a}>${inner.join('')}</bpmn:${tag}>`);
    if (n.timer) {
      const def = n.timer.startsWith('R') ? 'timeCycle' : 'timeDuration';
      body.push(
        `<bpmn:boundaryEvent id="${esc(n.id)}_timer" name="超时提醒" attachedToRef="${esc(n.id)}" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:${def}>${esc(n.timer)}</bpmn:${def}></bpmn:timerEventDefinition></bpmn:boundaryEvent>`,
      );
    }
  }
  for (const f of flows) {
    const cond = f.condition
      ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(f.condition)}</bpmn:conditionExpression>`
      : '';
    body.push(
      `<bpmn:sequenceFlow id="${f.id}"${attr('name', f.name)} sourceRef="${esc(f.from)}" targetRef="${esc(f.to)}">${cond}</bpmn:sequenceFlow>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">',
    `<bpmn:process id="${esc(p.key)}" name="${esc(p.name)}" isExecutable="true"${attr('flowable:rollbackNode', p.rollbackNode)}${attr('flowable:titleTemplate', p.titleTemplate)}${attr('flowable:skipFirstNode', p.skipFirstNode ? 'true' : undefined)}>`,
    ...body,
    '</bpmn:process>',
    diagram(p, flows),
    '</bpmn:definitions>',
  ].join('\n');
}

/** Columns by longest distance from the start, rows by order within a column. */
function diagram(p: SimpleProcess, flows: (SimpleFlow & { id: string })[]): string {
  const col = new Map<string, number>();
  const start = p.nodes.find((n) => n.type === 'start');
  if (start) col.set(start.id, 0);
  for (let pass = 0; pass < p.nodes.length; pass++)
    for (const f of flows) {
      const c = col.get(f.from);
      if (c === undefined) continue;
      if ((col.get(f.to) ?? -1) < c + 1 && c + 1 <= p.nodes.length) {
        // back edges (loops) would grow forever: only forward when the target is not an ancestor
        if (!col.has(f.to) || pass < 2) col.set(f.to, c + 1);
      }
    }
  const rows = new Map<number, number>();
  const pos = new Map<string, { x: number; y: number; w: number; h: number }>();
  for (const n of p.nodes) {
    const c = col.get(n.id) ?? 0;
    const r = rows.get(c) ?? 0;
    rows.set(c, r + 1);
    const task = n.type === 'task';
    const w = task ? 100 : 36;
    const h = task ? 80 : 36;
    const cx = 80 + c * 160;
    const cy = 120 + r * 130;
    pos.set(n.id, { x: cx - w / 2, y: cy - h / 2, w, h });
  }
  const shapes = p.nodes.map((n) => {
    const b = pos.get(n.id)!;
    return `<bpmndi:BPMNShape id="${esc(n.id)}_di" bpmnElement="${esc(n.id)}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" /></bpmndi:BPMNShape>`;
  });
  for (const n of p.nodes)
    if (n.timer) {
      const b = pos.get(n.id)!;
      shapes.push(
        `<bpmndi:BPMNShape id="${esc(n.id)}_timer_di" bpmnElement="${esc(n.id)}_timer"><dc:Bounds x="${b.x + b.w - 28}" y="${b.y + b.h - 18}" width="36" height="36" /></bpmndi:BPMNShape>`,
      );
    }
  const edges = flows.map((f) => {
    const a = pos.get(f.from);
    const b = pos.get(f.to);
    if (!a || !b) return '';
    const ax = a.x + a.w;
    const ay = a.y + a.h / 2;
    const bx = b.x;
    const by = b.y + b.h / 2;
    // a forward flow that skips columns would cross the boxes between them: it leaves from the bottom, runs
    // below every shape it passes and enters the target from below (the seeded 请假's 3天以内 flow skipped 总经理审批)
    const between = [...pos.values()].filter((o) => o !== a && o !== b && o.x > ax && o.x + o.w < bx);
    const blocked = between.filter((o) => o.y < Math.max(ay, by) && o.y + o.h > Math.min(ay, by));
    if (bx > ax && blocked.length) {
      const below = Math.max(a.y + a.h, b.y + b.h, ...between.map((o) => o.y + o.h)) + 25;
      const pts = [
        [a.x + a.w / 2, a.y + a.h],
        [a.x + a.w / 2, below],
        [b.x + b.w / 2, below],
        [b.x + b.w / 2, b.y + b.h],
      ];
      return `<bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
    }
    const pts =
      bx > ax
        ? [
            [ax, ay],
            [ax + (bx - ax) / 2, ay],
            [ax + (bx - ax) / 2, by],
            [bx, by],
          ]
        : [
            [a.x + a.w / 2, a.y],
            [a.x + a.w / 2, Math.min(a.y, b.y) - 30],
            [b.x + b.w / 2, Math.min(a.y, b.y) - 30],
            [b.x + b.w / 2, b.y],
          ];
    return `<bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
  });
  return `<bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${esc(p.key)}">${shapes.join('')}${edges.join('')}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
}
