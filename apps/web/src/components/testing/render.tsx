/** Test helper: renders inside antd's App (message, modal) with the zh translations loaded. */
import { cleanup, configure, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactElement, useState } from 'react';
import { afterEach } from 'vitest';
import '../../i18n';

// the machine is shared: give async queries room
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(cleanup);

const wrap = (ui: ReactElement) => (
  <ConfigProvider locale={zhCN}>
    <AntApp>{ui}</AntApp>
  </ConfigProvider>
);

export function renderApp(ui: ReactElement) {
  const r = render(wrap(ui));
  return { ...r, rerender: (next: ReactElement) => r.rerender(wrap(next)) };
}

/**
 * Renders a controlled widget whose value lives in a host, as in a form: each value it reports becomes its value and
 * is noted in the list returned.
 */
export function renderControlled<V>(initial: V, widget: (value: V, onChange: (v: V) => void) => ReactElement) {
  const seen: V[] = [];
  function Host() {
    const [v, setV] = useState<V>(initial);
    return widget(v, (x) => {
      seen.push(x);
      setV(x);
    });
  }
  renderApp(<Host />);
  return seen;
}

/** An in-memory BladeX family for tests of widgets that page, save and remove. */
export function memoryApi<T extends { id: string }>(rows: T[]) {
  const calls: { page: Record<string, unknown>[]; submit: Partial<T>[]; remove: string[][] } = {
    page: [],
    submit: [],
    remove: [],
  };
  let seq = 1000;
  const api = {
    key: `memory-${Math.random()}`,
    calls,
    rows,
    async page(q: Record<string, unknown>) {
      calls.page.push(q);
      const current = Number(q.current ?? 1);
      const size = Number(q.size ?? 10);
      const filtered = rows.filter((r) =>
        Object.entries(q).every(
          ([k, v]) =>
            k === 'current' || k === 'size' || k.includes('_') || String((r as any)[k] ?? '').includes(String(v)),
        ),
      );
      return {
        records: filtered.slice((current - 1) * size, current * size),
        total: filtered.length,
        size,
        current,
        pages: Math.ceil(filtered.length / size),
      };
    },
    async detail(id: string) {
      return rows.find((r) => r.id === id) ?? null;
    },
    async submit(row: Partial<T>) {
      calls.submit.push(row);
      if (row.id) {
        const i = rows.findIndex((r) => r.id === row.id);
        rows[i] = { ...rows[i], ...row };
      } else rows.unshift({ ...(row as T), id: String(seq++) });
      return null;
    },
    async remove(ids: string[]) {
      calls.remove.push(ids);
      for (const id of ids) {
        const i = rows.findIndex((r) => r.id === id);
        if (i >= 0) rows.splice(i, 1);
      }
      return null;
    },
  };
  return api;
}
