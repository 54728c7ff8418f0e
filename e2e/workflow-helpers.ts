/**
 * Helpers of the workflow browser tests: the BPMN of a straight process (start, steps one after the other, end),
 * with or without its diagram, to deploy or to import into the designer.
 */

/** A step of a straight process: a task or an event between the start and the end. */
export interface Step {
  /** The element, e.g. `bpmn:userTask`. */
  element: string;
  id: string;
  /** The attributes after the id: its name, assignee, buttons, …. */
  attrs: string;
  /** What the element holds after its flows (a timer's definition). */
  inner?: string;
  /** Where its shape stands in the diagram (left edge; a task is 100×80, an event 36×36, on one line). */
  x?: number;
}

const NS = {
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  bpmn: 'http://www.omg.org/spec/BPMN/20100524/MODEL',
  bpmndi: 'http://www.omg.org/spec/BPMN/20100524/DI',
  dc: 'http://www.omg.org/spec/DD/20100524/DC',
  di: 'http://www.omg.org/spec/DD/20100524/DI',
  flowable: 'http://flowable.org/bpmn',
};

/**
 * The BPMN of a straight process started by its initiator (applyUser): start → steps → end, flows f1, f2, ….
 * With `endX` (and an x on every step) it carries its diagram: shapes on one line, edges between them.
 */
export function straightProcess(
  key: string,
  name: string,
  opts: { start: string; steps: Step[]; endX?: number },
): string {
  const nodes: Step[] = [
    { element: 'bpmn:startEvent', id: 'start', attrs: `name="${opts.start}" flowable:initiator="applyUser"`, x: 152 },
    ...opts.steps,
    { element: 'bpmn:endEvent', id: 'end', attrs: 'name="结束"', x: opts.endX },
  ];
  const last = nodes.length - 1;
  const elements = nodes.map((n, i) => {
    const flows = `${i > 0 ? `<bpmn:incoming>f${i}</bpmn:incoming>` : ''}${i < last ? `<bpmn:outgoing>f${i + 1}</bpmn:outgoing>` : ''}`;
    return `    <${n.element} id="${n.id}" ${n.attrs}>${flows}${n.inner ?? ''}</${n.element}>`;
  });
  const sequence = nodes
    .slice(1)
    .map((n, i) => `    <bpmn:sequenceFlow id="f${i + 1}" sourceRef="${nodes[i].id}" targetRef="${n.id}" />`);
  const process = [
    `  <bpmn:process id="${key}" name="${name}" isExecutable="true">`,
    ...elements,
    ...sequence,
    '  </bpmn:process>',
  ];
  const diagram = opts.endX === undefined ? [] : diagramOf(key, nodes);
  const ns = (opts.endX === undefined ? ['bpmn', 'flowable'] : Object.keys(NS)) as (keyof typeof NS)[];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<bpmn:definitions ${ns.map((p) => `xmlns:${p}="${NS[p]}"`).join(' ')} id="Definitions_1" targetNamespace="http://flowable.org/bpmn">`,
    ...process,
    ...diagram,
    '</bpmn:definitions>',
  ].join('\n');
}

/** The diagram of a straight process: each shape centred on y = 120, an edge from one's right side to the next's left. */
function diagramOf(key: string, nodes: Step[]): string[] {
  const box = (n: Step) => {
    const [width, height] = n.element.endsWith('Task') ? [100, 80] : [36, 36];
    return { x: n.x ?? 0, y: 120 - height / 2, width, height };
  };
  const shapes = nodes.map((n) => {
    const b = box(n);
    return `      <bpmndi:BPMNShape id="${n.id}_di" bpmnElement="${n.id}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" /></bpmndi:BPMNShape>`;
  });
  const edges = nodes.slice(1).map((n, i) => {
    const from = box(nodes[i]);
    return `      <bpmndi:BPMNEdge id="f${i + 1}_di" bpmnElement="f${i + 1}"><di:waypoint x="${from.x + from.width}" y="120" /><di:waypoint x="${box(n).x}" y="120" /></bpmndi:BPMNEdge>`;
  });
  return [
    '  <bpmndi:BPMNDiagram id="BPMNDiagram_1">',
    `    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">`,
    ...shapes,
    ...edges,
    '    </bpmndi:BPMNPlane>',
    '  </bpmndi:BPMNDiagram>',
  ];
}
