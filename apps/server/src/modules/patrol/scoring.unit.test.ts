import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, scoreOf } from './scoring.ts';

describe('coverage and punctuality scoring', () => {
  it('full marks for full coverage, all on time and hazards at the standard', () => {
    const s = scoreOf({ objects: 50, checked: 50, dueTasks: 10, punctualTasks: 10, tasks: 20, hazards: 1 });
    expect(s).toMatchObject({ coverageRate: 100, punctualityRate: 100, hazardRate: 5, score: 100 });
  });
  it('scales each rule by how far its standard is met', () => {
    const s = scoreOf({ objects: 100, checked: 80, dueTasks: 10, punctualTasks: 5, tasks: 10, hazards: 0 });
    expect(s.coverageRate).toBe(80);
    expect(s.coverageScore).toBe(48); // 60 × 0.8
    expect(s.punctualityScore).toBe(15); // 30 × 0.5
    expect(s.hazardScore).toBe(0);
    expect(s.score).toBe(63);
  });
  it('a lower coverage standard caps at the weight', () => {
    const rules = { ...DEFAULT_RULES, coverage: { weight: 60, standard: 90 } };
    expect(
      scoreOf({ objects: 10, checked: 9, dueTasks: 0, punctualTasks: 0, tasks: 1, hazards: 0 }, rules).coverageScore,
    ).toBe(60);
  });
  it('nothing planned scores no coverage; nothing due is not late', () => {
    const s = scoreOf({ objects: 0, checked: 0, dueTasks: 0, punctualTasks: 0, tasks: 0, hazards: 0 });
    expect(s).toMatchObject({ coverageRate: 0, coverageScore: 0, punctualityRate: 100, score: 30 });
  });
});
