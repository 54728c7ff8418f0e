/**
 * Access rule index scoring (考核): a task or a person gets points for coverage (objects checked in of those
 * planned), punctuality (tasks finished by their period end plus a grace time, of those due) and hazards found
 * (reports per 100 tasks against a standard). Each rule's points are its weight times how far the standard is met
 * (capped at 1); the score is their sum, 0–100 when the weights add up to 100.
 */
import type { PatrolScore } from '@swp/contract';

export interface Rule {
  weight: number;
  standard: number;
}
export interface Rules {
  /** standard: target coverage, percent */
  coverage: Rule;
  /** standard: grace minutes after the period end */
  punctuality: Rule;
  /** standard: hazard reports per 100 tasks that earn the full weight */
  hazard: Rule;
}

export const DEFAULT_RULES: Rules = {
  coverage: { weight: 60, standard: 100 },
  punctuality: { weight: 30, standard: 30 },
  hazard: { weight: 10, standard: 5 },
};

export interface WorkStats {
  /** planned objects and those checked in */
  objects: number;
  checked: number;
  /** tasks whose period has ended or that were finished, and of them those finished on time */
  dueTasks: number;
  punctualTasks: number;
  /** all tasks, and hazards reported on them */
  tasks: number;
  hazards: number;
}

export type Score = PatrolScore;

const r1 = (n: number) => Math.round(n * 10) / 10;

export function scoreOf(s: WorkStats, rules: Rules = DEFAULT_RULES): Score {
  const coverageRate = s.objects > 0 ? (100 * s.checked) / s.objects : 0;
  const punctualityRate = s.dueTasks > 0 ? (100 * s.punctualTasks) / s.dueTasks : 100;
  const hazardRate = s.tasks > 0 ? (100 * s.hazards) / s.tasks : 0;
  const part = (rate: number, rule: Rule) =>
    rule.standard > 0 ? rule.weight * Math.min(1, rate / rule.standard) : rule.weight;
  const coverageScore = s.objects > 0 ? part(coverageRate, rules.coverage) : 0;
  // punctuality is all-or-nothing per task: the rate compared with 100 %
  const punctualityScore = rules.punctuality.weight * (punctualityRate / 100);
  const hazardScore = s.tasks > 0 ? part(hazardRate, rules.hazard) : 0;
  return {
    coverageRate: r1(coverageRate),
    punctualityRate: r1(punctualityRate),
    hazardRate: r1(hazardRate),
    coverageScore: r1(coverageScore),
    punctualityScore: r1(punctualityScore),
    hazardScore: r1(hazardScore),
    score: r1(coverageScore + punctualityScore + hazardScore),
  };
}
