import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../components/testing/render';
import { testRowThenOpenTables } from '../../test/connectionTest';
import * as crud from '../../test/crudScreen';
import DatasourcePage from './DatasourcePage';

const store = vi.hoisted(() => ({
  rows: [] as Record<string, any>[],
  pages: [] as Record<string, any>[],
  submits: [] as Record<string, any>[],
  removes: [] as string[][],
  tests: [] as Record<string, any>[],
  testFails: '' as string,
}));

vi.mock('../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../api/lowcode')>();
  const { memoryRecords, memoryRemove, onePage } = await import('../../test/memoryApi');
  const { HttpError: Err } = await import('../../api/http');
  const { CONNECTED } = await import('../../test/connectionTest');
  return {
    ...real,
    bladeDatasourceApi: {
      key: 'memory-blade-sources',
      page: async (q: Record<string, any>) => {
        store.pages.push(q);
        const rows = store.rows.filter((r) => !q.name || r.name.includes(q.name));
        return onePage(rows);
      },
      ...memoryRecords(store),
      remove: memoryRemove(store),
      dbTypes: async () => [
        { dictKey: 'PostgreSQL', dictValue: 'PostgreSQL', defaultPort: 5432, driverClass: 'org.postgresql.Driver' },
        { dictKey: 'MySQL', dictValue: 'MySQL / MariaDB', defaultPort: 3306, driverClass: 'com.mysql.cj.jdbc.Driver' },
      ],
      tables: async () => [
        { name: 'swp_meter', tableName: 'swp_meter', comment: '水表', rows: 2 },
        { name: 'swp_water_tariff', tableName: 'swp_water_tariff', comment: '水价标准', rows: 9 },
      ],
      table: async (_id: string, name: string) => ({
        name,
        comment: '水表',
        columns: [
          { name: 'meter_no', type: 'varchar(32)', nullable: false, primaryKey: true, comment: '表号' },
          { name: 'address', type: 'varchar(200)', nullable: true, primaryKey: false, comment: '安装地址' },
        ],
      }),
      test: async (body: Record<string, any>) => {
        store.tests.push(body);
        if (store.testFails) throw new Err(400, store.testFails);
        return CONNECTED;
      },
    },
  };
});

const SAVED = {
  id: '7',
  name: '营业库',
  fullName: '营业库',
  dbType: 'PostgreSQL',
  host: '10.0.0.5',
  port: 5432,
  dbName: 'billing',
  dbSchema: 'sales',
  url: 'jdbc:postgresql://10.0.0.5:5432/billing',
  driverClass: 'org.postgresql.Driver',
  username: 'reader',
  password: '',
  hasPassword: true,
  sortCode: 2,
  status: 1,
  remark: '营业收费系统',
};

const dialog = crud.shownDialog;
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('数据源管理', { timeout: 60_000 }, () => {
  beforeEach(() => {
    store.rows = [{ ...SAVED }];
    store.pages = [];
    store.submits = [];
    store.removes = [];
    store.tests = [];
    store.testFails = '';
  });

  it('lists sources with their driver and url, searches by name, shows the empty state', async () => {
    renderApp(<DatasourcePage />);
    const row = await crud.rowWith('营业库');
    expect(row).toHaveTextContent('jdbc:postgresql://10.0.0.5:5432/billing');
    expect(await within(row).findByText('PostgreSQL (org.postgresql.Driver)')).toBeInTheDocument();
    expect(row).toHaveTextContent('启用');
    expect(row).not.toHaveTextContent('password');

    crud.searchBy('名称', '抄表');
    await waitFor(() => expect(store.pages.at(-1)).toMatchObject({ name: '抄表' }));
    await waitFor(() => expect(screen.queryByText('营业库')).toBeNull());
    crud.expectEmptyList();
  });

  it('adds a source: the driver’s url is checked, tested, saved without a password when none is typed', async () => {
    await crud.renderThenAdd(<DatasourcePage />, '营业库');
    await within(dialog()).findByText('PostgreSQL (org.postgresql.Driver)');
    expect(within(dialog()).getByLabelText('密码')).toHaveAttribute('placeholder', '请输入密码');
    fill('名称', '抄表库');
    fill('连接地址', 'jdbc:mysql://db.local:3306/meter');
    fill('用户名', 'root');
    expect(await within(dialog()).findByText('连接地址与驱动类不一致')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog()).getByLabelText('驱动类'));
    fireEvent.click(await screen.findByTitle('MySQL / MariaDB (com.mysql.cj.jdbc.Driver)'));
    // the url is checked again against the new driver
    await waitFor(() => expect(within(dialog()).queryByText('连接地址与驱动类不一致')).toBeNull());

    fireEvent.click(within(dialog()).getByRole('button', { name: /测试连接/ }));
    expect(await within(dialog()).findByTestId('ds-test-result')).toHaveTextContent(
      '连接成功: PostgreSQL 16.4 (耗时 8 ms)',
    );
    expect(store.tests[0]).toEqual({ url: 'jdbc:mysql://db.local:3306/meter', username: 'root' });

    await crud.saveDialog(dialog(), /保\s*存/, store.submits);
    expect(store.submits[0]).toEqual({
      name: '抄表库',
      driverClass: 'com.mysql.cj.jdbc.Driver',
      url: 'jdbc:mysql://db.local:3306/meter',
      username: 'root',
      remark: '',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('edits a source: the password is never shown, left empty it stays; a typed one goes; the test shows the refusal', async () => {
    renderApp(<DatasourcePage />);
    const row = await crud.editRow('营业库');
    const password = await within(dialog()).findByPlaceholderText('已保存密码, 留空则不变');
    await waitFor(() => expect(within(dialog()).getByLabelText('连接地址')).toHaveValue(SAVED.url));
    expect(password).toHaveValue('');

    store.testFails = '连接失败: password authentication failed for user "reader"';
    fireEvent.click(within(dialog()).getByRole('button', { name: /测试连接/ }));
    expect(await within(dialog()).findByTestId('ds-test-result')).toHaveTextContent(
      '连接失败: password authentication failed for user "reader"',
    );
    expect(store.tests[0]).toEqual({ url: SAVED.url, username: 'reader', id: '7' });

    fill('备注', '营业收费');
    await crud.saveDialog(dialog(), /修\s*改/, store.submits);
    expect(store.submits[0]).toEqual({
      id: '7',
      name: '营业库',
      driverClass: 'org.postgresql.Driver',
      url: SAVED.url,
      username: 'reader',
      remark: '营业收费',
      sortCode: 2,
      status: 1,
      dbSchema: 'sales',
    });
    expect(await screen.findByText('更新成功')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(within(dialog()).getByLabelText('连接地址')).toHaveValue(SAVED.url));
    fill('密码', 'n3w');
    await crud.saveDialog(dialog(), /修\s*改/, store.submits, 2);
    expect(store.submits[1]).toMatchObject({ id: '7', password: 'n3w' });
  });

  it('tests a saved source from its row, browses its tables and a table’s columns, deletes after the confirmation', async () => {
    renderApp(<DatasourcePage />);
    const { row, drawer } = await testRowThenOpenTables(store.tests);
    expect(await within(drawer).findByText('请在左侧选择数据表')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByPlaceholderText('表名或说明'), { target: { value: '水价' } });
    await waitFor(() => expect(within(drawer).queryByText('swp_meter')).toBeNull());
    fireEvent.change(within(drawer).getByPlaceholderText('表名或说明'), { target: { value: '' } });
    fireEvent.click(await within(drawer).findByText('swp_meter'));
    const detail = within(drawer).getByTestId('develop-table-detail');
    expect(await within(detail).findByText('meter_no')).toBeInTheDocument();
    expect(within(detail).getByText('swp_meter 的字段')).toBeInTheDocument();
    expect(within(detail).getByText('安装地址')).toBeInTheDocument();
    fireEvent.click(drawer.querySelector('.ant-drawer-close')!);

    await crud.deleteRowConfirmed(row, store.removes, [['7']]);
  });
});
