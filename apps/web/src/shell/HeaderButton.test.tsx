/** The header's icon buttons: named by their label, with the test id given; the theme button opens its dialog. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../components/testing/render';
import { HeaderButton } from './HeaderButton';
import { ThemePicker } from './ThemePicker';

describe('HeaderButton', () => {
  it('is named by its label and calls back on click', () => {
    const onClick = vi.fn();
    renderApp(<HeaderButton label="菜单搜索" icon={<span />} onClick={onClick} testId="hb" className="x" />);
    const b = screen.getByRole('button', { name: '菜单搜索' });
    expect(b.getAttribute('data-testid')).toBe('hb');
    expect(b.className).toContain('x');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('opens the theme dialog from the theme button', async () => {
    renderApp(<ThemePicker />);
    fireEvent.click(screen.getByTestId('theme-button'));
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });
});
