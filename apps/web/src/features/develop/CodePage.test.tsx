import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../components/testing/render';
import * as crud from '../../test/crudScreen';
import CodePage from './CodePage';

const store = vi.hoisted(() => ({
  rows: [] as Record<string, any>[],
  submits: [] as Record<string, any>[],
  removes: [] as string[][],
  copies: [] as string[],
  previews: [] as string[],
  gens: [] as string[][],
  saved: [] as [Blob, string][],
}));

vi.mock('../../lib/download', () => ({
  saveBlob: (blob: Blob, name: string) => store.saved.push([blob, name]),
}));

vi.mock('../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../api/lowcode')>();
  const { memoryRecords, memoryRemove, onePage } = await import('../../test/memoryApi');
  return {
    ...real,
    bladeCodeApi: {
      key: 'memory-blade-code',
      page: async (q: Record<string, any>) => {
        const rows = store.rows.filter((r) => !q.codeName || r.codeName.includes(q.codeName));
        return onePage(rows);
      },
      ...memoryRecords(store),
      remove: memoryRemove(store),
      copy: async (id: string) => {
        store.copies.push(id);
        const r = store.rows.find((x) => x.id === id)!;
        store.rows = [...store.rows, { ...r, id: `${id}c`, codeName: `${r.codeName}_copy1` }];
        return { code: 200, success: true, msg: '复制成功', data: null };
      },
      preview: async (id: string) => {
        store.previews.push(id);
        const r = store.rows.find((x) => x.id === id)!;
        return {
          list: [
            {
              fileName: 'routes.ts',
              path: `apps/server/src/modules/${r.codeName}/routes.ts`,
              content: `export const ${r.codeName}Resource = defineResource({});`,
            },
            { fileName: 'README.md', path: 'README.md', content: `# ${r.serviceName}` },
          ],
        };
      },
      genCode: async (ids: string[]) => {
        store.gens.push(ids);
        return { blob: new Blob(['zip']), fileName: ids.length > 1 ? 'swp-code.zip' : 'water_tariff.zip' };
      },
    },
    bladeDatasourceApi: {
      ...real.bladeDatasourceApi,
      select: async () => [
        { id: '0', name: '本系统数据库', fullName: '本系统数据库' },
        { id: '7', name: '营业库', fullName: '营业库' },
      ],
      tables: async (id: string) =>
        id === '0'
          ? [
              { name: 'swp_water_tariff', comment: '水价标准', rows: 9 },
              { name: 'swp_meter', comment: null, rows: 2 },
            ]
          : [],
    },
  };
});

const TARIFF = {
  id: '1',
  codeName: 'water_tariff',
  serviceName: '水价标准',
  datasourceId: '0',
  tableName: 'swp_water_tariff',
  tablePrefix: 'swp_',
  moduleId: null,
};

const dialog = crud.shownDialog;
const errors = () => [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(within(dialog()).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
};

describe('代码生成', { timeout: 60_000 }, () => {
  beforeEach(() => {
    store.rows = [{ ...TARIFF }];
    store.submits = [];
    store.removes = [];
    store.copies = [];
    store.previews = [];
    store.gens = [];
    store.saved = [];
  });

  it('lists the settings with their source’s name, and the empty state', async () => {
    renderApp(<CodePage />);
    const row = await crud.rowWith('water_tariff');
    expect(await within(row).findByText('本系统数据库')).toBeInTheDocument();
    expect(row).toHaveTextContent('swp_water_tariff');
    crud.searchBy('模块名', 'meter');
    await waitFor(() => expect(screen.queryByText('swp_water_tariff')).toBeNull());
    crud.expectEmptyList();
  });

  it('adds a setting: the source first, then one of its tables (which names the module and title); another source clears the table', async () => {
    await crud.renderThenAdd(<CodePage />, 'water_tariff');
    await within(dialog()).findByLabelText('数据表');
    expect(within(dialog()).getByText('请先选择数据源')).toBeInTheDocument();

    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errors()).toEqual(['请输入模块名', '请输入标题', '请选择数据源', '请选择数据表']));

    fireEvent.change(within(dialog()).getByLabelText('模块名'), { target: { value: 'Water-Tariff' } });
    await waitFor(() => expect(errors()).toContain('模块名只能由小写字母、数字和下划线组成，且以字母开头'));
    fireEvent.change(within(dialog()).getByLabelText('模块名'), { target: { value: '' } });

    await pick('数据源', '营业库');
    await waitFor(() => expect(within(dialog()).getByLabelText('数据表')).toBeEnabled());
    fireEvent.mouseDown(within(dialog()).getByLabelText('数据表'));
    expect(await screen.findByText('该数据源没有数据表')).toBeInTheDocument();

    await pick('数据源', '本系统数据库');
    await pick('数据表', 'swp_water_tariff (水价标准)');
    await waitFor(() => expect(within(dialog()).getByLabelText('模块名')).toHaveValue('swp_water_tariff'));
    expect(within(dialog()).getByLabelText('标题')).toHaveValue('水价标准');

    expect(dialog()).toHaveTextContent('swp_water_tariff (水价标准)');
    await pick('数据源', '营业库');
    await waitFor(() => expect(dialog()).not.toHaveTextContent('swp_water_tariff (水价标准)'));
    await pick('数据源', '本系统数据库');
    await pick('数据表', 'swp_water_tariff (水价标准)');
    fireEvent.change(within(dialog()).getByLabelText('模块名'), { target: { value: 'tariff2' } });
    fireEvent.change(within(dialog()).getByLabelText('表前缀'), { target: { value: 'swp_' } });

    await crud.saveDialog(dialog(), /保\s*存/, store.submits);
    expect(store.submits[0]).toMatchObject({
      codeName: 'tariff2',
      serviceName: '水价标准',
      datasourceId: '0',
      tableName: 'swp_water_tariff',
      tablePrefix: 'swp_',
      moduleId: null,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('generates the chosen settings: asks for a choice, previews their files, downloads the server’s zip', async () => {
    renderApp(<CodePage />);
    const row = await crud.rowWith('water_tariff');
    fireEvent.click(screen.getByTestId('code-generate'));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('code-generate'));
    const preview = (await screen.findByText('代码预览: 水价标准')).closest('.ant-modal') as HTMLElement;
    expect(await within(preview).findByTestId('code-content')).toHaveTextContent(
      'export const water_tariffResource = defineResource({});',
    );
    expect(store.previews).toEqual(['1']);
    fireEvent.click(within(preview).getByText('README.md'));
    await waitFor(() => expect(within(preview).getByTestId('code-content')).toHaveTextContent('# 水价标准'));

    fireEvent.click(within(preview).getByRole('button', { name: /下载代码/ }));
    await waitFor(() => expect(store.saved).toHaveLength(1));
    expect(store.gens).toEqual([['1']]);
    expect(store.saved[0][1]).toBe('water_tariff.zip');
  });

  it('copies a setting with the server’s message; deletes after the confirmation', async () => {
    renderApp(<CodePage />);
    const row = await crud.rowWith('water_tariff');
    fireEvent.click(within(row).getByRole('button', { name: /复\s*制/ }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(store.copies).toEqual(['1']);
    expect(await screen.findByText('water_tariff_copy1')).toBeInTheDocument();

    await crud.deleteRowConfirmed(row, store.removes, [['1']]);
  });
});
