import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { hasSlot, slot } from './registry';

describe('slots: pieces one feature lends another through the registry', () => {
  it('finds the pieces the features lend', () => {
    expect(hasSlot('workflow/pending-tasks')).toBe(true);
    expect(hasSlot('lowcode/form-designer')).toBe(true);
    expect(hasSlot('nobody/lends-this')).toBe(false);
  });

  it('renders nothing for a slot nobody registered, and the same component each time it is asked for', async () => {
    const Missing = slot('nobody/lends-this');
    expect(slot('nobody/lends-this')).toBe(Missing);
    const { container, findByTestId } = render(
      <Suspense fallback={null}>
        <div data-testid="host">
          <Missing />
        </div>
      </Suspense>,
    );
    expect((await findByTestId('host')).childElementCount).toBe(0);
    expect(container.textContent).toBe('');
  });
});
