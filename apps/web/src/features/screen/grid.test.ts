import { describe, expect, it } from 'vitest';
import { AREA, boxOf, layoutProblems } from './grid';

describe('screen grid', () => {
  it('places a widget on the 1920×1080 stage: the whole grid fills the area below the title bar', () => {
    const all = boxOf({ x: 0, y: 0, w: 24, h: 12 });
    expect(all.left).toBe(AREA.left);
    expect(all.top).toBe(AREA.top);
    expect(all.width).toBeCloseTo(AREA.width);
    expect(all.height).toBeCloseTo(AREA.height);
    expect(all.left + all.width).toBeCloseTo(1890);
    expect(all.top + all.height).toBeCloseTo(1065);
    const right = boxOf({ x: 12, y: 6, w: 12, h: 6 });
    expect(right.left + right.width).toBeCloseTo(1890);
    expect(right.left).toBeGreaterThan(boxOf({ x: 0, y: 0, w: 12, h: 6 }).width + AREA.left);
  });

  it('finds overlaps and widgets outside the grid; side by side is fine', () => {
    expect(
      layoutProblems([
        { x: 0, y: 0, w: 12, h: 6 },
        { x: 12, y: 0, w: 12, h: 6 },
      ]),
    ).toEqual([]);
    expect(
      layoutProblems([
        { x: 0, y: 0, w: 12, h: 6 },
        { x: 11, y: 5, w: 2, h: 2 },
      ]),
    ).toEqual(['overlap:1:2']);
    expect(layoutProblems([{ x: 20, y: 0, w: 6, h: 2 }])).toEqual(['outside:1']);
    expect(layoutProblems([{ x: 0, y: 11, w: 2, h: 2 }])).toEqual(['outside:1']);
  });
});
