/** The antd Table pagination of a list paged on the server, its page kept by the screen. */
import type { TablePaginationConfig } from 'antd';

/** The page a screen keeps for a list paged on the server. */
export interface ServerPage {
  current: number;
  size: number;
}

/** The page's number and size, the server's total, and a change of page or size kept through setPage. */
export function serverPagination(
  page: ServerPage,
  total: number,
  setPage: (page: ServerPage) => void,
): TablePaginationConfig {
  return {
    current: page.current,
    pageSize: page.size,
    total,
    onChange: (current, size) => setPage({ current, size }),
  };
}
