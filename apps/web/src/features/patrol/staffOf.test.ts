import { describe, expect, it } from 'vitest';
import { staffOf } from './common';

const staff = [
  { value: '1', label: '李明', deptIds: ['10'] },
  { value: '2', label: '陈静', deptIds: ['20'] },
  { value: '3', label: '王芳', deptIds: ['10', '30'] },
];

describe('the patrol staff picker follows the team', () => {
  it('lists only the chosen team, all without a team', () => {
    expect(staffOf(staff, '10', []).map((o) => o.label)).toEqual(['李明', '王芳']);
    expect(staffOf(staff, '30', []).map((o) => o.label)).toEqual(['王芳']);
    expect(staffOf(staff, undefined, [])).toHaveLength(3);
  });
  it('keeps a person already chosen from another team listed, so the choice shows by name', () => {
    expect(staffOf(staff, '10', ['2']).map((o) => o.label)).toEqual(['李明', '陈静', '王芳']);
  });
});
