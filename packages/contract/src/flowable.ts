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
      properties: [
        { name: 'rollbackNode', isAttr: true, type: 'String' },
        { name: 'titleTemplate', isAttr: true, type: 'String' },
        { name: 'skipFirstNode', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'StartProps',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [
        { name: 'initiator', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'UserTaskProps',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
        { name: 'buttons', isAttr: true, type: 'String' },
        { name: 'rollbackNode', isAttr: true, type: 'String' },
        { name: 'dueDate', isAttr: true, type: 'String' },
        { name: 'formEditable', isAttr: true, type: 'String' },
      ],
    },
    {
      // service tasks the engine runs itself (apps/server workflow/service-task.ts): type http | message | setVariable
      name: 'ServiceTaskProps',
      isAbstract: true,
      extends: ['bpmn:ServiceTask'],
      properties: [
        { name: 'type', isAttr: true, type: 'String' },
        { name: 'url', isAttr: true, type: 'String' },
        { name: 'method', isAttr: true, type: 'String' },
        { name: 'body', isAttr: true, type: 'String' },
        { name: 'resultVariable', isAttr: true, type: 'String' },
        { name: 'messageTo', isAttr: true, type: 'String' },
        { name: 'messageTitle', isAttr: true, type: 'String' },
        { name: 'messageContent', isAttr: true, type: 'String' },
        { name: 'variableName', isAttr: true, type: 'String' },
        { name: 'variableValue', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'MultiInstanceProps',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: [
        { name: 'collection', isAttr: true, type: 'String' },
        { name: 'elementVariable', isAttr: true, type: 'String' },
      ],
    },
  ],
};
