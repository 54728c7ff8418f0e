import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { testRowThenOpenTables } from '../../../test/connectionTest';
import { editRow, saveDialog } from '../../../test/crudScreen';
import DataSourcePage from './DataSourcePage';

const store = vi.hoisted(() => ({
  rows: [] as Record<string, any>[],
  submits: [] as Record<string, any>[],
  tests: [] as Record<string, any>[],
}));

vi.mock('../../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../../api/lowcode')>();
  const { memoryRecords, onePage } = await import('../../../test/memoryApi');
  const { CONNECTED } = await import('../../../test/connectionTest');
  return {
    ...real,
    dataSourceApi: {
      key: 'memory-sources',
      page: async () => onePage(store.rows),
      ...memoryRecords(store),
      remove: async () => {},
      selector: async () => ({ list: store.rows }),
      test: async (body: Record<string, any>) => {
        store.tests.push(body);
        return CONNECTED;
      },
    },
    dataModelApi: {
      tables: async () => ({ list: [{ table: 'swp_meter', tableName: '水表', sum: 2 }] }),
      fields: async () => ({
        list: [{ field: 'meter_no', fieldName: '表号', dataType: 'varchar(32)', allowNull: 0, primaryKey: 1 }],
      }),
      preview: async () => ({ list: [{ meter_no: 'M-001' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }),
    },
  };
});

const SAVED = {
  id: '7',
  fullName: '营业库',
  dbType: 'PostgreSQL',
  host: '10.0.0.5',
  port: 5432,
  dbName: 'billing',
  dbSchema: null,
  userName: 'reader',
  password: '',
  hasPassword: true,
  enabledMark: 1,
};

const dialog = () => document.querySelector('.ant-modal') as HTMLElement;

describe('数据连接', { timeout: 60_000 }, () => {
  beforeEach(() => {
    store.rows = [{ ...SAVED }];
    store.submits = [];
    store.tests = [];
  });

  it('adds a connection: PostgreSQL on 5432 by default, the port follows the type, tests before saving', async () => {
    renderApp(<DataSourcePage />);
    expect(await screen.findByText('营业库')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const port = await within(dialog()).findByLabelText('端口');
    await waitFor(() => expect(port).toHaveValue('5432'));

    fireEvent.mouseDown(within(dialog()).getByLabelText('数据库类型'));
    fireEvent.click(await screen.findByTitle('MySQL (MariaDB)'));
    await waitFor(() => expect(port).toHaveValue('3306'));

    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
    fill('连接名称', '抄表库');
    fill('主机地址', 'db.local');
    fill('数据库名', 'meter');
    fill('用户名', 'root');
    fireEvent.click(within(dialog()).getByRole('button', { name: /测试连接/ }));
    expect(await within(dialog()).findByTestId('ds-test-result')).toHaveTextContent(
      '连接成功: PostgreSQL 16.4 (耗时 8 ms)',
    );
    expect(store.tests[0]).toEqual({
      dbType: 'MySQL',
      host: 'db.local',
      port: 3306,
      dbName: 'meter',
      userName: 'root',
    });

    await saveDialog(dialog(), /保\s*存/, store.submits);
    expect(store.submits[0]).toMatchObject({ fullName: '抄表库', dbType: 'MySQL', port: 3306, enabledMark: 1 });
    expect(store.submits[0]).not.toHaveProperty('password');
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('edits a connection: the stored password stays unless 清除密码 is chosen', async () => {
    renderApp(<DataSourcePage />);
    await editRow('营业库');
    const password = await within(dialog()).findByPlaceholderText('已保存密码, 留空则不变');
    // testing an edited connection without a typed password uses the stored one (the id goes along)
    await waitFor(() => expect(within(dialog()).getByLabelText('主机地址')).toHaveValue('10.0.0.5'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /测试连接/ }));
    await within(dialog()).findByTestId('ds-test-result');
    expect(store.tests[0]).toMatchObject({ id: '7', host: '10.0.0.5' });

    fireEvent.click(within(dialog()).getByRole('checkbox', { name: /清除已保存的密码/ }));
    await waitFor(() => expect(password).toBeDisabled());
    await saveDialog(dialog(), /修\s*改/, store.submits);
    expect(store.submits[0]).toMatchObject({ id: '7', host: '10.0.0.5', password: '', clearPassword: true });
  });

  it('tests a saved connection from its row and browses its tables', async () => {
    renderApp(<DataSourcePage />);
    const { drawer } = await testRowThenOpenTables(store.tests);
    fireEvent.click(await within(drawer).findByText('swp_meter'));
    const detail = within(drawer).getByTestId('ds-table-detail');
    expect(await within(detail).findByText('meter_no')).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('tab', { name: '数据预览' }));
    expect(await within(detail).findByText('M-001')).toBeInTheDocument();
  });
});
