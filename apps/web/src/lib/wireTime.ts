/** Times as the server's wire carries them (`YYYY-MM-DD HH:mm:ss`) and as lists show them (to the minute). */
import dayjs, { type Dayjs } from 'dayjs';

export const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const wireTime = (d: Dayjs) => d.format(WIRE_TIME);
export const shortTime = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
