import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from './catalog.ts';
import { FORM_HAZARD_TYPE, hazardProcessInput, PROCESS_LEVEL } from './hazard.ts';

describe('the hazard process input', () => {
  it("maps every event type onto one of the form's options, and urgent hazards onto 重大", () => {
    const options = ['管道渗漏', '阀门井损坏', '违章占压'];
    for (const e of EVENT_TYPES) expect(options, e.code).toContain(FORM_HAZARD_TYPE[e.code]);
    expect([1, 2, 3].map((l) => PROCESS_LEVEL[l])).toEqual(['一般', '较大', '重大']);
  });

  it('names the hazard and the place, and leaves out unknown coordinates', () => {
    const r = hazardProcessInput({
      id: '42',
      tenantId: '000000',
      reportUser: '7',
      eventType: 'hydrant_damage',
      level: 3,
      description: '消火栓被撞倒，持续喷水',
      photos: '',
      taskId: '1',
      planId: '2',
      taskObjectId: '3',
      jobObjectId: '4',
      objectName: '长江西路消火栓3号',
      address: '合肥市蜀山区长江西路',
      x: 500000,
      y: 3500000,
      lon: null,
      lat: null,
      orderId: '5',
      orderNo: 'GD20261124000005',
    });
    expect(r.businessKey).toBe('42');
    expect(r.title).toBe('长江西路消火栓3号消火栓损坏（紧急隐患）');
    expect(r.variables).toMatchObject({
      hazardType: '阀门井损坏',
      address: '合肥市蜀山区长江西路 长江西路消火栓3号',
      level: '重大',
      eventTypeName: '消火栓损坏',
      x: 500000,
      y: 3500000,
    });
    expect(r.variables).not.toHaveProperty('lon');
  });
});
