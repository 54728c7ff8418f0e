/**
 * What the patrol screens share: the fixed vocabularies (facility types, periods, statuses, order sources, event
 * types) as translated options and tags and a staff select (the loader hook and wire times: lib/useLoadDeps, lib/wireTime).
 */
import { Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditStatus, TaskStatus } from '../../api/patrol';
import { userApi } from '../../api/user';

export const FACILITY_CODES = ['pipe', 'valve', 'hydrant', 'meter', 'pump_station', 'construction'] as const;
export const PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const SCOPES = ['route', 'area'] as const;
export const SOURCES = ['patrol', 'hotline', 'alarm', 'monitor', 'other'] as const;
export const EVENTS = [
  'leak',
  'valve_damage',
  'cover_missing',
  'illegal_work',
  'hydrant_damage',
  'occupation',
] as const;

/** Translated options of a vocabulary: `patrol.<group>.<code>`. */
export function vocab(t: (k: string) => string, group: string, codes: readonly (string | number)[]) {
  return codes.map((c) => ({ value: c, label: t(`patrol.${group}.${c}`) }));
}

/** A code's name in the vocabulary, or the code itself when unknown. */
export function nameOf(t: (k: string, o?: any) => string, group: string, code: string | number | null | undefined) {
  if (code === null || code === undefined || code === '') return '';
  return t(`patrol.${group}.${code}`, { defaultValue: String(code) });
}

const AUDIT_COLOR: Record<AuditStatus, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
export function AuditTag({ status }: { status: AuditStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={AUDIT_COLOR[status]} data-testid="audit-status">
      {t(`patrol.auditStatus.${status}`)}
    </Tag>
  );
}

const TASK_COLOR: Record<TaskStatus, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLOR[status]} data-testid="task-status">
      {t(`patrol.taskStatus.${status}`)}
    </Tag>
  );
}

export interface StaffOption {
  value: string;
  label: string;
  deptName?: string;
  /** the person's departments (teams), ids */
  deptIds?: string[];
}

let staffCache: Promise<StaffOption[]> | undefined;
/** Everyone of the tenant (the people search, one page of up to 1000, the server's limit), cached for the screen. */
export function loadStaff(fresh = false): Promise<StaffOption[]> {
  if (fresh || !staffCache)
    staffCache = userApi
      .search({ current: 1, size: 1000 })
      .then((p) =>
        (p?.records ?? []).map((u: any) => ({
          value: String(u.id),
          label: u.deptName ? `${u.realName}（${u.deptName}）` : String(u.realName),
          deptName: u.deptName,
          deptIds: String(u.deptId ?? '')
            .split(',')
            .filter(Boolean),
        })),
      )
      .catch((e) => {
        staffCache = undefined;
        throw e;
      });
  return staffCache;
}

/** The people of a team (all when no team is chosen), plus those already chosen so that a choice never shows as an id. */
export function staffOf(options: StaffOption[], deptId: string | undefined, chosen: string[]) {
  if (!deptId) return options;
  return options.filter((o) => o.deptIds?.includes(String(deptId)) || chosen.includes(o.value));
}

/** A searchable select of people; single or multiple (`joined`: a comma-joined string on the wire). */
export function StaffSelect(p: {
  value?: string | string[];
  onChange?: (v: any) => void;
  multiple?: boolean;
  joined?: boolean;
  exclude?: string[];
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** only the people of this team (department); the ones already chosen stay listed */
  deptId?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<StaffOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    loadStaff()
      .then((o) => live && setOptions(o))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  const value = p.multiple
    ? Array.isArray(p.value)
      ? p.value
      : String(p.value ?? '')
          .split(',')
          .filter(Boolean)
    : p.value || undefined;
  return (
    <Select
      id={p.id}
      showSearch
      allowClear
      loading={loading}
      disabled={p.disabled}
      mode={p.multiple ? 'multiple' : undefined}
      optionFilterProp="label"
      placeholder={p.placeholder ?? t('patrol.common.choosePerson')}
      value={value as any}
      options={staffOf(options, p.deptId, Array.isArray(value) ? value : value ? [value] : []).filter(
        (o) => !p.exclude?.includes(o.value),
      )}
      onChange={(v: any) => p.onChange?.(p.multiple && p.joined ? (v ?? []).join(',') : v)}
      style={{ width: '100%' }}
      data-testid="staff-select"
    />
  );
}

/** A short date-time (no seconds) of a wire value. */
