/** Dates on the wire are `YYYY-MM-DD HH:mm:ss` in the server's time zone (process TZ, set from config at start). */
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const DT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses `YYYY-MM-DD[ HH:mm[:ss]]` in the server's zone; returns undefined for anything else. */
export function parseDateTime(s: string): Date | undefined {
  const m = DT.exec(s.trim());
  if (!m) {
    const t = Date.parse(s);
    return Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}T/.test(s) ? undefined : new Date(t);
  }
  const d = new Date(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  if (d.getMonth() !== +m[2] - 1 || d.getDate() !== +m[3]) return undefined;
  return d;
}
