/** How dispatch orders are shown: each state's tag colour and the time format of the list, detail and log. */
import dayjs from 'dayjs';
import type { OrderState } from '../../api/dispatch';

export const STATE_COLOR: Record<OrderState, string> = {
  issued: 'orange',
  acknowledged: 'blue',
  done: 'green',
  cancelled: 'default',
};

/** A server time to the second, or a dash for a step not reached. */
export const timeText = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm:ss') : '—');
