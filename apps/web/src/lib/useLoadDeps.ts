/** A loader hook with explicit dependencies and a reload (patrol, staff location); `useLoad` (lib/useLoad.ts) is the keyed one. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads on mount and whenever `deps` change; the latest call wins. */
export function useLoadDeps<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the dependencies
  useEffect(() => {
    const n = ++seq.current;
    setLoading(true);
    load()
      .then((d) => n === seq.current && setData(d))
      .catch(() => undefined)
      .finally(() => n === seq.current && setLoading(false));
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((x) => x + 1), []);
  return { data, loading, reload };
}
