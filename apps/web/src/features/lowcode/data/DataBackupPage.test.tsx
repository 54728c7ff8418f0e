import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import DataBackupPage from './DataBackupPage';

const store = vi.hoisted(() => ({
  rows: [] as Record<string, any>[],
  lists: 0,
  created: [] as Record<string, any>[],
  removed: [] as string[],
}));

vi.mock('../../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../../api/lowcode')>();
  return {
    ...real,
    dataBackupApi: {
      list: async () => {
        store.lists++;
        // the server finishes the dump between two looks
        const rows = store.rows.map((r) => ({ ...r }));
        for (const r of store.rows)
          if (r.state === 'running') Object.assign(r, { state: 'done', fileSize: 2048, tableCount: 40, rowCount: 900 });
        return { list: rows, pagination: { currentPage: 1, pageSize: 10, total: rows.length } };
      },
      create: async (body: Record<string, any>) => {
        store.created.push(body);
        const row = { id: '42', fileName: 'swp_backup_42.sql.gz', state: 'running', description: body.description };
        store.rows.unshift(row);
        return { id: row.id, fileName: row.fileName };
      },
      remove: async (id: string) => {
        store.removed.push(id);
        store.rows = store.rows.filter((r) => r.id !== id);
      },
      download: async () => ({ blob: new Blob(['x']), fileName: 'x.sql.gz' }),
    },
  };
});

describe('数据备份', { timeout: 60_000 }, () => {
  it('makes a backup with a 说明, shows it running, polls until it is done, deletes it after the confirmation', async () => {
    store.rows = [{ id: '1', fileName: 'old.sql.gz', state: 'failed', message: 'disk full', description: '旧' }];
    renderApp(<DataBackupPage />);
    const page = await screen.findByTestId('data-backup-page');
    expect(within(page).getByText('失败')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('backup-make'));
    const dialog = (await screen.findByText('开始备份')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('说明'), { target: { value: ' 月底 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /开始备份/ }));
    expect(await screen.findByText('备份已开始')).toBeInTheDocument();
    expect(store.created).toEqual([{ description: '月底' }]);

    const row = () => screen.getByText('swp_backup_42.sql.gz').closest('tr') as HTMLElement;
    await waitFor(() => expect(row()).toHaveTextContent('备份中'));
    expect(within(row()).getByRole('button', { name: /下\s*载/ })).toBeDisabled();
    await waitFor(() => expect(row()).toHaveTextContent('已完成'), { timeout: 8000 });
    expect(await screen.findByText('备份成功')).toBeInTheDocument();
    expect(row()).toHaveTextContent('2.0 KB');
    expect(within(row()).getByRole('button', { name: /下\s*载/ })).toBeEnabled();

    fireEvent.click(within(row()).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('确定将选择数据删除?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(store.removed).toEqual(['42']);
  });
});
