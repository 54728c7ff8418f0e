import { describe, expect, it } from 'vitest';
import { decodeParams, encodeParams, type WfDetail } from '../../../api/workflow';
import { columnsOf, detailPath, isFinished, startPath, timeText } from '../lists/lists';
import { allowedActions, diagramMarks, startBody } from './rules';

const task = (over: Partial<WfDetail['process']> = {}, rest: Partial<WfDetail> = {}): WfDetail => ({
  process: {
    taskId: 't1',
    processInstanceId: 'p1',
    taskDefinitionKey: 'boss',
    assignee: 'u2',
    startUserId: 'u1',
    processIsFinished: 'unfinished',
    status: 'todo',
    ...over,
  },
  ...rest,
});

describe('detail buttons', () => {
  it('offers only claim on a task nobody holds', () => {
    expect(allowedActions(task({ assignee: undefined }), 'u2')).toEqual(['claim']);
  });

  it("gives the holder the node's buttons, default pass and reject", () => {
    expect(allowedActions(task(), 'u2')).toEqual(['pass', 'reject']);
    const buttons = [
      { buttonKey: 'wf_pass' },
      { buttonKey: 'wf_reject' },
      { buttonKey: 'wf_rollback' },
      { buttonKey: 'wf_transfer' },
      { buttonKey: 'wf_copy', display: false },
      { buttonKey: 'wf_add_instance' },
      { buttonKey: 'unknown' },
      { buttonKey: 'wf_print' },
    ];
    expect(allowedActions(task({}, { button: buttons }), 'u2')).toEqual([
      'pass',
      'reject',
      'rollback',
      'transfer',
      'print',
    ]);
    expect(allowedActions(task({ isMultiInstance: true }, { button: buttons }), 'u2')).toContain('addInstance');
  });

  it('lets a delegate only hand the task back, and others nothing', () => {
    expect(allowedActions(task({ delegation: 'PENDING' }), 'u2')).toEqual(['pass']);
    expect(allowedActions(task(), 'u3')).toEqual([]);
  });

  it('lets the starter withdraw while returnable; nothing on finished or suspended instances', () => {
    expect(allowedActions(task({ isReturnable: true }), 'u1')).toEqual(['withdraw']);
    expect(allowedActions(task({ isReturnable: false }), 'u1')).toEqual([]);
    expect(allowedActions(task({ processIsFinished: 'finished' }), 'u2')).toEqual([]);
    expect(allowedActions(task({ suspended: true }), 'u2')).toEqual([]);
    expect(allowedActions(task({ processStatus: 'suspended', processIsFinished: false }), 'u2')).toEqual([]);
    expect(allowedActions(task({ processIsFinished: true }), 'u2')).toEqual([]);
    expect(allowedActions(task({ status: 'done' }), 'u2')).toEqual([]);
    expect(allowedActions(null, 'u2')).toEqual([]);
  });

  it('marks finished and current nodes from the timeline', () => {
    const d = task(
      {},
      {
        flow: [
          { historyActivityId: 'start', endTime: '2026-01-01 10:00:00' },
          { historyActivityId: 'apply', endTime: '2026-01-01 10:01:00' },
          { historyActivityId: 'boss' },
        ],
      },
    );
    expect(diagramMarks(d)).toEqual({ finished: ['start', 'apply'], current: ['boss'] });
    expect(diagramMarks({ ...d, finishedNodes: ['x'], currentNodes: ['y'] })).toEqual({
      finished: ['x'],
      current: ['y'],
    });
  });
});

describe('lists and routes', () => {
  it('round-trips route parameters, also with Chinese text', () => {
    const p = { processInsId: '1999', taskId: '2000', title: '请假' };
    const s = encodeParams(p);
    expect(s).toMatch(/^[\w-]+$/);
    expect(decodeParams(s)).toEqual(p);
    expect(decodeParams('!!')).toEqual({});
  });

  it('leads rows to the detail (with the task for task lists) and the start screen', () => {
    const row = { processInstanceId: 'p9', taskId: 't9' };
    expect(decodeParams(detailPath(row, true).split('/').pop())).toEqual({ processInsId: 'p9', taskId: 't9' });
    expect(decodeParams(detailPath(row, false).split('/').pop())).toEqual({ processInsId: 'p9' });
    expect(startPath({ id: 'def1', key: 'leave' })).toMatch(/^\/workflow\/process\/start\//);
    expect(decodeParams(startPath({ id: 'def1', key: 'leave' }).split('/').pop())).toEqual({
      processId: 'def1',
      processDefKey: 'leave',
    });
  });

  it('searches by process name and time in the task lists', () => {
    for (const kind of ['claim', 'todo', 'copy'] as const) {
      const searched = columnsOf[kind].filter((c) => c.search).map((c) => `${c.prop}:${c.searchType ?? ''}`);
      const byTitle = kind === 'copy' ? [] : ['title:'];
      expect(searched).toEqual([...byTitle, 'processDefinitionName:', 'createTime:daterange']);
    }
    expect(columnsOf.start.filter((c) => c.search).map((c) => c.prop)).toEqual(['name', 'key']);
  });

  it('shows times in the contract format', () => {
    expect(timeText('2026-11-24 22:18:28.582+08')).toBe('2026-11-24 22:18:28');
    expect(timeText('2026-11-24 22:18:28')).toBe('2026-11-24 22:18:28');
    expect(timeText(null)).toBe('');
  });

  it('tells finished instances apart', () => {
    expect(isFinished({ processIsFinished: 'finished' })).toBe(true);
    expect(isFinished({ processIsFinished: 'unfinished' })).toBe(false);
    expect(isFinished({ endTime: '2026-01-01 00:00:00' })).toBe(true);
    expect(isFinished({ processIsFinished: true, processStatus: 'completed' })).toBe(true);
    expect(isFinished({ processIsFinished: false, processStatus: 'suspended' })).toBe(false);
  });

  it('starts a process with the form values as variables and the copied people', () => {
    expect(startBody({ processId: 'd1' }, { days: 3 }, ['u5', 'u6'])).toEqual({
      days: 3,
      processId: 'd1',
      processDefKey: undefined,
      variables: { days: 3 },
      copyUser: 'u5,u6',
    });
  });
});
