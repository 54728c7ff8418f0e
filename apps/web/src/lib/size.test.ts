import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';
import { collapseAfterClick, sizeClass } from './size';

describe('screen size classes (spec 1 §2.3)', () => {
  it('maps widths to 3/2/1/0 at 1200/992/768', () => {
    expect(sizeClass(1920)).toBe(3);
    expect(sizeClass(1200)).toBe(3);
    expect(sizeClass(1199)).toBe(2);
    expect(sizeClass(992)).toBe(2);
    expect(sizeClass(991)).toBe(1);
    expect(sizeClass(768)).toBe(1);
    expect(sizeClass(767)).toBe(0);
    expect(sizeClass(320)).toBe(0);
  });
  it('collapses the menu after a click at class 1 or lower', () => {
    expect(collapseAfterClick(0)).toBe(true);
    expect(collapseAfterClick(1)).toBe(true);
    expect(collapseAfterClick(2)).toBe(false);
    expect(collapseAfterClick(3)).toBe(false);
  });
});

describe('log badge (spec 1 §2.10)', () => {
  it('caps at 99', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});
