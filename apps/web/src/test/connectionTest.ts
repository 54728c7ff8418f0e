/**
 * What the two data-source screens' unit tests (数据源管理 and 数据连接) fake and check alike: the server's answer to
 * a connection test, and testing the saved source 营业库 (id 7) from its row before opening its 数据表 drawer.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The server's answer to a successful connection test. */
export const CONNECTED = {
  code: 200,
  success: true,
  msg: '连接成功',
  data: { version: 'PostgreSQL 16.4 on x86_64', durationMs: 8 },
};

/** Tests 营业库 from its row (the test sends only its id, the answer shows), then opens its 数据表 drawer. */
export async function testRowThenOpenTables(tests: Record<string, any>[]) {
  const row = (await screen.findByText('营业库')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: /测试连接/ }));
  expect(await screen.findByText('连接成功: PostgreSQL 16.4 (耗时 8 ms)')).toBeInTheDocument();
  expect(tests[0]).toEqual({ id: '7' });

  fireEvent.click(within(row).getByRole('button', { name: /数据表/ }));
  // (jsdom's ids leave the drawer's aria name unresolved: the browser tests find it by name)
  const drawer = (await screen.findByText('营业库 的数据表')).closest('.ant-drawer') as HTMLElement;
  return { row, drawer };
}
