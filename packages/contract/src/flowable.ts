/** String attributes of an element, by name. */
const attrs = (...names: string[]) => names.map((name) => ({ name, isAttr: true, type: 'String' }));

/**
 * The moddle descriptor of the `flowable:` attributes the web designer writes and the server's engine reads
 * (namespace `http://flowable.org/bpmn`, as Flowable's own modeler writes them):
 * - process: `rollbackNode` (where a rejection without a target goes), `titleTemplate` (an instance's title from its
 *   start form: `请假 {days} 天 · {starter} · {startTime:MM-dd} 至 {endTime:MM-dd}`), `skipFirstNode` ("true": the
 *   starter's submit of the start form completes the first task when it is the starter's, Flowable's initiator skip);
 * - start event: `initiator` (the variable that holds the starter's id), `formKey`;
 * - user task: `assignee`, `candidateUsers` (user ids, comma-joined), `candidateGroups` (comma-joined
 *   `role:<id>`, `dept:<id>`, `post:<id>`), `formKey`, `buttons` (the node's button keys, comma-joined),
 *   `rollbackNode`, `dueDate`, `formEditable` ("true": the holder may change the form's values, e.g. the starter's
 *   node after a rejection);
 * - multi-instance: `collection`, `elementVariable` (plus the standard `isSequential` and `completionCondition`).
 * Conditions are standard `conditionExpression` bodies (`${days > 3}`) and gateway `default` flows.
 */
export const flowableDescriptor = {
  name: 'Flowable',
  uri: 'http://flowable.org/bpmn',
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'ProcessProps',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: attrs('rollbackNode', 'titleTemplate', 'skipFirstNode'),
    },
    {
      name: 'StartProps',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: attrs('initiator', 'formKey'),
    },
    {
      name: 'UserTaskProps',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: attrs(
        'assignee',
        'candidateUsers',
        'candidateGroups',
        'formKey',
        'buttons',
        'rollbackNode',
        'dueDate',
        'formEditable',
      ),
    },
    {
      // service tasks the engine runs itself (apps/server workflow/service-task.ts): type http | message | setVariable
      name: 'ServiceTaskProps',
      isAbstract: true,
      extends: ['bpmn:ServiceTask'],
      properties: attrs(
        'type',
        'url',
        'method',
        'body',
        'resultVariable',
        'messageTo',
        'messageTitle',
        'messageContent',
        'variableName',
        'variableValue',
      ),
    },
    {
      name: 'MultiInstanceProps',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: attrs('collection', 'elementVariable'),
    },
  ],
};
