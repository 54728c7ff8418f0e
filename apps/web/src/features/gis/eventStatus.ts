/** The tag colour of a burst event's state (0 new … 3 voided). */
export const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'green', 3: 'default' };
