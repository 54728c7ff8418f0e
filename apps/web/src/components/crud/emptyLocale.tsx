/**
 * The `locale` of a table whose empty state is the small empty picture with a text, as CrudPage's own list shows
 * it, so that a screen's other tables look alike when they have no rows.
 */
import { Empty } from 'antd';
import type { ReactNode } from 'react';

export const emptyLocale = (description: ReactNode) => ({
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />,
});
