/** Option lists shared by the quality screens (labels are translation keys). */
import { type Indicator, qualityApi } from '../../api/quality';

const keyed = (prefix: string, values: string[]) => values.map((v) => ({ label: `${prefix}.${v}`, value: v }));
export const KIND_OPTIONS = keyed('quality.kinds', ['max', 'min', 'range', 'absent']);
export const POINT_KIND_OPTIONS = keyed('quality.pointKinds', ['plant', 'network']);
export const LIMIT_POINT_OPTIONS = keyed('quality.pointKinds', ['all', 'plant', 'network']);
export const CATEGORY_OPTIONS = keyed('quality.categories', [
  'microbial',
  'toxicological',
  'sensory',
  'radioactive',
  'disinfectant',
  'other',
]);
export const FREQUENCY_OPTIONS = keyed('quality.frequencies', ['DAILY', 'WEEKLY', 'MONTHLY']);
export const STATE_OPTIONS = keyed('quality.states', ['pending', 'done']);

/** one option per indicator code (an indicator with plant and network limits appears once) */
export async function indicatorOptions() {
  const seen = new Set<string>();
  return (await qualityApi.indicators())
    .filter((i: Indicator) => !seen.has(i.code) && seen.add(i.code))
    .map((i) => ({ label: `${i.name} (${i.code})`, value: i.code }));
}
export async function pointOptions() {
  return (await qualityApi.points()).map((p) => ({ label: `${p.code} ${p.name}`, value: p.code }));
}

/** The limit as written: ≤1, ≥0.05, 0.3–2, 不得检出. */
export function limitOf(i: Pick<Indicator, 'kind' | 'minValue' | 'maxValue'>, notDetected: string) {
  if (i.kind === 'max') return `≤${i.maxValue}`;
  if (i.kind === 'min') return `≥${i.minValue}`;
  if (i.kind === 'range') return `${i.minValue}–${i.maxValue}`;
  return notDetected;
}
