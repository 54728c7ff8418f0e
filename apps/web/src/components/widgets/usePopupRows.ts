/** The popup select's rows: loaded while its dialog is open, for the keyword applied and the page. */
import { useEffect, useState } from 'react';
import type { PopupRow, PopupSelectProps } from './PopupSelect';

export function usePopupRows(load: PopupSelectProps['load'], open: boolean, size: number) {
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [current, setCurrent] = useState(1);
  const [data, setData] = useState<{ records: PopupRow[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is called again when the dialog, the keyword or the page change
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    load({ keyword: applied, current, size })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, applied, current]);

  /** Searching the keyword typed starts again on the first page. */
  const apply = () => {
    setApplied(keyword.trim());
    setCurrent(1);
  };

  return { keyword, setKeyword, apply, current, setCurrent, data, loading };
}

export type PopupRows = ReturnType<typeof usePopupRows>;
