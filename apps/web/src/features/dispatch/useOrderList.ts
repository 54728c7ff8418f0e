/** 调度指令's order list: filtered by state, paged by the server, read again every 15 seconds. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dispatchApi, type OrderState } from '../../api/dispatch';

export function useOrderList() {
  const [state, setState] = useState<OrderState>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const list = useQuery({
    queryKey: ['dispatch-orders', state, page],
    queryFn: () => dispatchApi.orders({ state, ...page }),
    refetchInterval: 15_000,
  });

  /** Another state filter starts again from the first page. */
  const filterState = (v: OrderState | undefined) => {
    setState(v);
    setPage((p) => ({ ...p, current: 1 }));
  };

  return { state, filterState, page, setPage, list };
}
