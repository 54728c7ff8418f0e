/** The online module of the dynamic page, loaded by id (an error when it cannot be read). */
import type { LcModule } from '@swp/contract';
import { useEffect, useState } from 'react';
import { onlineDevApi } from '../../../api/lowcode';

export function useModule(id: string | null) {
  const [module, setModule] = useState<LcModule | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    setModule(null);
    setError(false);
    if (!id) return;
    let live = true;
    onlineDevApi
      .config(id)
      .then((m) => live && setModule(m))
      .catch(() => live && setError(true));
    return () => {
      live = false;
    };
  }, [id]);
  return { module, error };
}
