/**
 * An instance's title composed from its start form (issue 24: five "请假 · 部门负责人审批 · 李明" rows could not be
 * told apart). A process may carry `flowable:titleTemplate`, e.g. `请假 {days} 天 · {starter} · {startTime:MM-dd} 至
 * {endTime:MM-dd}`: `{name}` is a process variable (the start form's values) or `starter` (the starter's name);
 * `{name:MM-dd}` (also `YYYY-MM-DD`, `MM-dd HH:mm`, …) formats a date variable in the server's zone. A missing
 * variable leaves an empty slot. Plain text only: no expressions, nothing is evaluated.
 */
import { parseDateTime } from '../../core/time.ts';

const SLOT = /\{([A-Za-z_][\w.]*)(?::([^}]+))?\}/g;
const pad = (n: number) => String(n).padStart(2, '0');

function asDate(v: unknown): Date | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  if (typeof v === 'string') return parseDateTime(v);
  if (typeof v === 'number') return new Date(v);
  return undefined;
}

function formatWith(d: Date, pattern: string): string {
  return pattern.replace(/YYYY|yyyy|MM|DD|dd|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'YYYY':
      case 'yyyy':
        return String(d.getFullYear());
      case 'MM':
        return pad(d.getMonth() + 1);
      case 'DD':
      case 'dd':
        return pad(d.getDate());
      case 'HH':
        return pad(d.getHours());
      case 'mm':
        return pad(d.getMinutes());
      default:
        return pad(d.getSeconds());
    }
  });
}

export function renderTitle(template: string, vars: Record<string, unknown>): string {
  const text = template.replace(SLOT, (_m, name: string, format?: string) => {
    // own variables only: `{constructor}` must not reach the object's prototype
    const v = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (v === undefined || v === null) return '';
    if (format) {
      const d = asDate(v);
      return d ? formatWith(d, format) : String(v);
    }
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
  return text.replace(/\s+/g, ' ').trim().slice(0, 255);
}

/** Whether the template names the starter (only then is their name looked up). */
export const needsStarter = (template: string) => /\{starter(?::[^}]*)?\}/.test(template);
