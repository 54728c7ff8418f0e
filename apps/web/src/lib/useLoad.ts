/** Loads data for a key and reloads when the key changes; the answer of a stale key is dropped. */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const seq = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(() => {
    const mine = ++seq.current;
    setLoading(true);
    setError(undefined);
    loader
      .current()
      .then((d) => mine === seq.current && setData(d))
      .catch((e: Error) => {
        if (mine !== seq.current) return;
        setData(undefined);
        setError(e?.message || 'error');
      })
      .finally(() => mine === seq.current && setLoading(false));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for what load reads
  useEffect(() => {
    if (!enabled) {
      seq.current++;
      setData(undefined);
      setLoading(false);
      return;
    }
    reload();
  }, [key, enabled, reload]);
  return { data, loading, error, reload };
}
