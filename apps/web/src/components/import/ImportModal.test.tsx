/** The import dialogs' frame: the dry run waits for a file, the import for a clean dry run; busy, it cannot close. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { ImportModal } from './ImportModal';

const frame = (over: { busy?: boolean; canDry?: boolean; canApply?: boolean }, onRun = vi.fn(), onClose = vi.fn()) => (
  <ImportModal
    open
    title="导入"
    width={800}
    testId="t-import"
    busy={over.busy ?? false}
    canDry={over.canDry ?? false}
    canApply={over.canApply ?? false}
    dryLabel="试导入"
    applyLabel="导入数据"
    onRun={onRun}
    onClose={onClose}
  >
    <p>settings</p>
  </ImportModal>
);

/** the footer's 关闭 (the modal's own × is labelled alike) */
const closeButton = () => screen.getByText(/^关\s*闭$/).closest('button');

describe('ImportModal', () => {
  it('shows its settings and enables the buttons as the import allows', () => {
    const onRun = vi.fn();
    const { rerender } = renderApp(frame({}, onRun));
    expect(screen.getByText('settings')).toBeTruthy();
    expect(screen.getByTestId('t-import-dry')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('t-import-apply')).toHaveProperty('disabled', true);
    rerender(frame({ canDry: true, canApply: true }, onRun));
    fireEvent.click(screen.getByTestId('t-import-dry'));
    fireEvent.click(screen.getByTestId('t-import-apply'));
    expect(onRun.mock.calls).toEqual([[true], [false]]);
  });

  it('closes by its close button, but not while the server works', () => {
    const onClose = vi.fn();
    const { rerender } = renderApp(frame({ busy: true }, vi.fn(), onClose));
    expect(closeButton()).toHaveProperty('disabled', true);
    rerender(frame({}, vi.fn(), onClose));
    fireEvent.click(closeButton() as HTMLButtonElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
