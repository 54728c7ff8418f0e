/** A menu entry's icon name finds its icon (with or without `Outlined`); an unknown or empty one the generic icon. */
import { AppstoreOutlined, CommentOutlined, SettingOutlined } from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { iconComponent } from './MenuIcon';

describe('iconComponent', () => {
  it('finds the listed icons by name', () => {
    expect(iconComponent('SettingOutlined')).toBe(SettingOutlined);
    expect(iconComponent(' Setting ')).toBe(SettingOutlined);
    expect(iconComponent('CommentOutlined')).toBe(CommentOutlined);
  });
  it('falls back to the generic icon', () => {
    expect(iconComponent('NoSuchIcon')).toBe(AppstoreOutlined);
    expect(iconComponent('')).toBe(AppstoreOutlined);
    expect(iconComponent(null)).toBe(AppstoreOutlined);
  });
});
