/**
 * The backup list, paged, polled while a backup is running; a backup that finishes since the last look is reported
 * (`onFinished`), so the screen can say 备份成功 or why it failed. A backup just started shows at once (`started`):
 * on the embedded database the list waits while the dump reads.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row } from '../../../api/crud';
import { dataBackupApi } from '../../../api/lowcode';
import { anyRunning, finishedSince } from './backups';
import { pageIn } from './rows';

export const POLL_MS = 1500;

export function useBackups(onFinished: (rows: Row[]) => void) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const last = useRef<Row[]>([]);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const r = pageIn(await dataBackupApi.list({ currentPage: page.current, pageSize: page.size }));
      if (mine !== seq.current) return;
      const done = finishedSince(last.current, r.rows);
      last.current = r.rows;
      setRows(r.rows);
      setTotal(r.total);
      if (done.length) finished.current(done);
    } catch {
      // the HTTP client has shown why
    } finally {
      if (mine === seq.current) {
        setLoading(false);
        setLoaded(true);
      }
    }
  }, [page]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // while a backup runs, look again (one look at a time)
  useEffect(() => {
    if (loading || !anyRunning(rows)) return;
    const timer = setTimeout(() => void reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [rows, loading, reload]);

  /** A backup the server has just started: first in the list as running until the list says otherwise. */
  const started = useCallback(
    (row: Row) => {
      const pending = { state: 'running', ...row };
      last.current = [pending, ...last.current.filter((r) => String(r.id) !== String(row.id))];
      setRows(last.current);
      setTotal((n) => n + 1);
      if (page.current !== 1) setPage((p) => ({ ...p, current: 1 }));
      else void reload();
    },
    [page, reload],
  );

  return { rows, total, loading, loaded, page, setPage, reload, started };
}
