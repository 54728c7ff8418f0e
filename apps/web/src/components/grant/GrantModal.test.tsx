/**
 * The grant dialog frame: saves on 确定, says so and closes; a refusal keeps it open. (Its load waits for the
 * opening animation, which jsdom never ends: the screens' browser tests cover it.)
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { GrantModal } from './GrantModal';

describe('GrantModal', { timeout: 30_000 }, () => {
  it('saves, says so and closes', async () => {
    const save = vi.fn(async () => null);
    const onClose = vi.fn();
    renderApp(
      <GrantModal open title="权限设置" width={640} load={async () => {}} save={save} onClose={onClose}>
        {(loading) => <span>{loading ? 'loading' : 'ready'}</span>}
      </GrantModal>,
    );
    expect(await screen.findByText('ready')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });

  it('stays open when the save is refused', async () => {
    const save = vi.fn(async () => Promise.reject(new Error('no')));
    const onClose = vi.fn();
    renderApp(
      <GrantModal open title="菜单配置" width={560} load={async () => {}} save={save} onClose={onClose}>
        {() => <span>tree</span>}
      </GrantModal>,
    );
    await screen.findByText('tree');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
