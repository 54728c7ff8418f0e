import { cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../test/mediaQuery';
import { ThemeRoot } from './ThemeRoot';

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function prefers(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, reduce && query.includes('prefers-reduced-motion')),
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ThemeRoot', () => {
  it('turns antd motion off for a visitor who asked to reduce motion', () => {
    prefers(true);
    render(
      <ThemeRoot>
        <Motion />
      </ThemeRoot>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps motion otherwise', () => {
    prefers(false);
    render(
      <ThemeRoot>
        <Motion />
      </ThemeRoot>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
