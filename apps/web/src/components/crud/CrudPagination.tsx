/**
 * The two pagination variants of spec 1 §2.11 / §9:
 * - default: sizes 10/30/50/100/200, default 10;
 * - large: sizes 20/50/100/500, default 20, laid out total / sizes / prev / pager / next / jumper, and the page
 *   scrolls to the top on every change.
 */
import { Pagination, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageVariant } from './types';

export const PAGE_SIZES: Record<PageVariant, number[]> = {
  default: [10, 30, 50, 100, 200],
  large: [20, 50, 100, 500],
};
export const DEFAULT_PAGE_SIZE: Record<PageVariant, number> = { default: 10, large: 20 };

export interface CrudPaginationProps {
  variant: PageVariant;
  current: number;
  size: number;
  total: number;
  sizes?: number[];
  onChange(current: number, size: number): void;
  /** the element to bring into view after a change (large variant) */
  scrollTarget?: () => HTMLElement | null;
}

/** Scrolls the window and the nearest scrolling ancestor of the target to the top. */
export function scrollToTop(target?: HTMLElement | null) {
  if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
    try {
      window.scrollTo({ top: 0, behavior: 'auto' });
    } catch {
      // jsdom
    }
  }
  let el: HTMLElement | null | undefined = target?.parentElement;
  while (el) {
    if (el.scrollHeight > el.clientHeight && el.scrollTop > 0) el.scrollTop = 0;
    el = el.parentElement;
  }
}

export function CrudPagination({ variant, current, size, total, sizes, onChange, scrollTarget }: CrudPaginationProps) {
  const { t } = useTranslation();
  const options = sizes ?? PAGE_SIZES[variant];
  const change = (c: number, s: number) => {
    onChange(c, s);
    if (variant === 'large') scrollToTop(scrollTarget?.());
  };
  if (variant === 'large') {
    return (
      <Space className="crud-pagination crud-pagination-large" wrap data-testid="crud-pagination">
        <Typography.Text>{t('crud.total', { total })}</Typography.Text>
        <Select
          size="small"
          value={size}
          aria-label={t('crud.pageSize')}
          style={{ width: 110 }}
          options={options.map((s) => ({ value: s, label: t('crud.perPage', { size: s }) }))}
          onChange={(s) => change(1, s)}
        />
        <Pagination
          size="small"
          current={current}
          pageSize={size}
          total={total}
          showSizeChanger={false}
          showQuickJumper
          onChange={(c) => change(c, size)}
        />
      </Space>
    );
  }
  return (
    <Pagination
      className="crud-pagination"
      data-testid="crud-pagination"
      current={current}
      pageSize={size}
      total={total}
      showSizeChanger
      pageSizeOptions={options}
      showTotal={(n) => t('crud.total', { total: n })}
      showQuickJumper
      onChange={(c, s) => change(s !== size ? 1 : c, s)}
    />
  );
}
