/**
 * The leave request, drafts, the `/blade-flow` family (incl. multipart deploy-upload) and the JNPF FlowEngine
 * family over the same engine.
 */
import { describe, expect, it } from 'vitest';
import { authHeaders, type TestApp } from '../../../test/harness.ts';
import { buildBpmn } from './build.ts';
import { httpSuite, oneStep } from './test-helpers.ts';

let t: TestApp;
let tokens: Record<string, string> = {};
let ids: Record<string, string> = {};
const as = httpSuite((s) => ({ t, tokens, ids } = s));

describe('leave and drafts', () => {
  it('submitting a leave starts 请假 past the starter step; the list and the desk detail show it', async () => {
    const bad = await as('patrol', () =>
      t.post('/api/blade-desk/process/leave/start-process', {
        startTime: '2026-12-02 09:00:00',
        endTime: '2026-12-01 09:00:00',
        reason: 'x',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('结束时间须晚于开始时间');
    const r = await as('patrol', () =>
      t.post('/api/blade-desk/process/leave/start-process', {
        leaveType: 2,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-03 09:00:00',
        reason: '发烧就医',
      }),
    );
    expect(r.status).toBe(200);
    const { id, processInstanceId } = r.body.data;
    const list = await as('patrol', () => t.get('/api/blade-workflow/process/leave/list'));
    expect(list.body.data.records.map((x: any) => x.id)).toContain(id);
    expect(
      (await as('operator', () => t.get('/api/blade-workflow/process/leave/list'))).body.data.records.map(
        (x: any) => x.id,
      ),
    ).not.toContain(id);
    const detail = await as('patrol', () => t.get('/api/blade-desk/process/leave/detail', { businessId: id }));
    expect(detail.body.data.days).toBe(2);
    expect(detail.body.data.flow.some((f: any) => f.historyActivityName === '提交请假' && f.endTime)).toBe(true);
    const send = await as('patrol', () =>
      t.get('/api/blade-workflow/process/sendList', { processDefinitionKey: 'leave' }),
    );
    const row = send.body.data.records.find((x: any) => x.processInstanceId === processInstanceId);
    expect(row.taskName).toBe('部门负责人审批');
    // still in approval: cannot be removed
    const rm = await as('patrol', () => t.post('/api/blade-workflow/process/leave/remove', undefined, { ids: id }));
    expect(rm.body.msg).toBe('请假流程还在审批中，请先撤回');
  });

  it('drafts are the owner’s and go away when the process starts', async () => {
    const defs = await as('operator', () => t.get('/api/blade-workflow/process/processList', { key: 'burst_repair' }));
    const def = defs.body.data.records[0];
    const saved = await as('operator', () =>
      t.post('/api/blade-workflow/process/draft/submit', {
        processDefId: def.id,
        title: '草稿',
        variables: { address: '合作化路' },
      }),
    );
    expect(saved.status).toBe(200);
    const mine = await as('operator', () => t.get('/api/blade-workflow/process/draft/list'));
    expect(mine.body.data.records).toHaveLength(1);
    expect(mine.body.data.records[0].variables).toEqual({ address: '合作化路' });
    expect((await as('patrol', () => t.get('/api/blade-workflow/process/draft/list'))).body.data.records).toHaveLength(
      0,
    );
    await as('operator', () =>
      t.post('/api/blade-workflow/process/startProcess', {
        processId: def.id,
        address: '合作化路',
        pipeDiameter: 300,
        level: '一般',
        description: '漏水',
      }),
    );
    expect(
      (await as('operator', () => t.get('/api/blade-workflow/process/draft/list'))).body.data.records,
    ).toHaveLength(0);
  });
});

describe('/blade-flow', () => {
  it('work lists, claim and complete, history flow list', async () => {
    const todo = await as('patrol', () => t.get('/api/blade-flow/work/claim-list', { size: 50 }));
    const task = todo.body.data.records.find((x: any) => x.taskName === '现场抢修');
    expect(task).toBeTruthy();
    expect(
      (await as('patrol', () => t.post('/api/blade-flow/work/claim-task', undefined, { taskId: task.taskId }))).status,
    ).toBe(200);
    const c = await as('patrol', () =>
      t.post('/api/blade-flow/work/complete-task', { taskId: task.taskId, flag: 'ok', comment: '已抢修' }),
    );
    expect(c.status).toBe(200);
    const h = await as('patrol', () =>
      t.get('/api/blade-flow/process/history-flow-list', { processInstanceId: task.processInstanceId }),
    );
    expect(h.body.data.some((f: any) => f.comment === '已抢修')).toBe(true);
    // another tenant's administrator reads neither the timeline nor the detail (issue 17)
    const other = (await t.signIn('admin', 'admin', '100001')).access_token;
    t.token = other;
    const theirs = await t.get('/api/blade-flow/process/history-flow-list', {
      processInstanceId: task.processInstanceId,
    });
    expect(theirs.json()).toMatchObject({ code: 200, data: [] });
    const detail = await t.get('/api/blade-workflow/process/detail', { processInsId: task.processInstanceId });
    expect(detail.json().data).toBeNull();
    const mine = await as('admin', () =>
      t.get('/api/blade-flow/process/history-flow-list', { processInstanceId: task.processInstanceId }),
    );
    expect(mine.body.data.some((f: any) => f.comment === '已抢修')).toBe(true);
    const done = await as('patrol', () => t.get('/api/blade-flow/work/done-list'));
    expect(done.body.data.records.some((x: any) => x.taskId === task.taskId)).toBe(true);
  });

  it('deploy-upload takes BPMN files (multipart with category), the manager lists and suspends them', async () => {
    const xml = buildBpmn(oneStep('uploaded_flow', '上传的流程', { name: '处理', candidateGroups: 'role:operator' }));
    const cats = await as('admin', () => t.get('/api/blade-workflow/design/category/tree'));
    const category = cats.body.data[0].id;
    const boundary = '----wfboundary';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="tenantIds"\r\n\r\n000000\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="uploaded.bpmn"\r\nContent-Type: application/xml\r\n\r\n${xml}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const up = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      headers: {
        ...authHeaders(tokens.admin),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(up.statusCode).toBe(200);
    const deployed = up.json().data[0];
    expect(deployed.key).toBe('uploaded_flow');
    const list = await as('admin', () => t.get('/api/blade-flow/manager/list', { key: 'uploaded_flow' }));
    expect(list.body.data.records[0].resourceName).toBe('uploaded.bpmn');
    expect(list.body.data.records[0].category).toBe(category);
    await as('admin', () =>
      t.post('/api/blade-flow/manager/change-state', { processId: deployed.id, state: 'suspend' }),
    );
    const start = await as('admin', () =>
      t.post('/api/blade-workflow/process/startProcess', { processDefKey: 'uploaded_flow' }),
    );
    expect(start.body.msg).toBe('流程定义已挂起，无法发起');
    const del = await as('admin', () =>
      t.post('/api/blade-flow/manager/delete-deployment', undefined, { deploymentIds: deployed.deploymentId }),
    );
    expect(del.status).toBe(200);
  });
});

describe('JNPF FlowEngine', () => {
  it('create, list, copy, release, stop, form fields, export, delete', async () => {
    const E = '/api/workflow/Engine/FlowEngine';
    const xml = buildBpmn(
      oneStep('jnpf_flow', 'JNPF 流程', { name: '审批', assignee: '${starter}' }, { formKey: 'leave_form' }),
    );
    const bad = await as('admin', () => t.post(E, { fullName: '', enCode: 'x' }));
    expect(bad.body.msg).toBe('请输入流程名称');
    const created = await as('admin', () =>
      t.post(E, { fullName: 'JNPF 流程', enCode: 'jnpf_flow', flowTemplateJson: xml }),
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const list = await as('admin', () => t.get(E, { keyword: 'jnpf_flow', currentPage: 1, pageSize: 10 }));
    expect(list.body.data.pagination.total).toBe(1);
    expect(list.body.data.list[0].enabledMark).toBe(0);
    expect((await as('admin', () => t.post(`${E}/Release/${id}`))).status).toBe(200);
    expect((await as('admin', () => t.get(E, { keyword: 'jnpf_flow' }))).body.data.list[0].enabledMark).toBe(1);
    const fields = await as('admin', () => t.get(`${E}/${id}/FormDataFields`));
    expect(fields.body.data.list.map((f: any) => f.vModel)).toEqual(expect.arrayContaining(['days', 'reason']));
    await as('admin', () => t.post(`${E}/Stop/${id}`));
    expect((await as('admin', () => t.get(E, { keyword: 'jnpf_flow' }))).body.data.list[0].enabledMark).toBe(0);
    const copy = await as('admin', () => t.post(`${E}/${id}/Actions/Copy`));
    const copied = await as('admin', () => t.get(`${E}/${copy.body.data.id}`));
    expect(copied.body.data.enCode).toMatch(/^jnpf_flow_/);
    expect(copied.body.data.flowTemplateJson).toContain(`id="${copied.body.data.enCode}"`);
    const exp = await as('admin', () => t.get(`${E}/${id}/Actions/ExportData`));
    expect(exp.body.data.data.enCode).toBe('jnpf_flow');
    const sel = await as('operator', () => t.get(`${E}/Selector`, { type: 1 }));
    expect(JSON.stringify(sel.body.data.list)).toContain('请假');
    expect((await as('admin', () => t.del(`${E}/${copy.body.data.id}`))).status).toBe(200);
    expect((await as('admin', () => t.get(`${E}/${copy.body.data.id}`))).body.data).toBeNull();
  });
});
