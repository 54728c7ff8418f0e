/** Patrol's wire types both sides share (apps/server/src/modules/patrol, apps/web/src/api/patrol.ts). */

/** A task's or a person's assessment: the three rates and their weighted scores (考核指标). */
export interface PatrolScore {
  /** percent, one decimal */
  coverageRate: number;
  punctualityRate: number;
  /** hazards per 100 tasks */
  hazardRate: number;
  coverageScore: number;
  punctualityScore: number;
  hazardScore: number;
  score: number;
}
