/** The top bar's log badge caps at 99 (spec 1 §2.10, §9). */
export const BADGE_CAP = 99;

export function badgeText(count: number, cap = BADGE_CAP): string {
  if (!count || count < 0) return '';
  return count > cap ? `${cap}+` : String(count);
}
