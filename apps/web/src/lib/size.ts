/** Screen size classes (spec 1 §2.3, breakpoints §9): ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export type SizeClass = 0 | 1 | 2 | 3;

export function sizeClass(width: number): SizeClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** At class 1 or lower the side menu collapses after a menu click. */
export function collapseAfterClick(size: SizeClass): boolean {
  return size <= 1;
}
