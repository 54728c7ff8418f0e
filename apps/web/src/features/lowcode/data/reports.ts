/**
 * Report definitions: `content` is the designer's definition, our JSON `{ title, columns }` (columns as field
 * names or `{ prop, label }`). The form edits the title and the columns; a definition that is not our JSON (an
 * imported UReport XML) is kept as it is unless the form sets a title or columns.
 */
import type { Row } from '../../../api/crud';

export interface ReportColumn {
  prop: string;
  label: string;
}

export interface ReportDefinition {
  title?: string;
  columns: ReportColumn[];
}

/** The definition in `content`, or undefined when it is not ours. */
export function definitionOf(content: unknown): ReportDefinition | undefined {
  if (typeof content !== 'string' || !content.trim()) return { columns: [] };
  let v: any;
  try {
    v = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const columns: ReportColumn[] = (Array.isArray(v.columns) ? v.columns : [])
    .map((c: unknown) =>
      typeof c === 'string'
        ? { prop: c, label: c }
        : c && typeof c === 'object' && typeof (c as Row).prop === 'string'
          ? { prop: (c as Row).prop, label: String((c as Row).label ?? (c as Row).prop) }
          : undefined,
    )
    .filter(Boolean);
  return { title: typeof v.title === 'string' ? v.title : undefined, columns };
}

/** Wire → form: `title` and `columns` (field names) from the definition. */
export function reportForm(r: Row): Row {
  const d = definitionOf(r.content);
  return {
    ...r,
    interfaceId: r.interfaceId ? String(r.interfaceId) : undefined,
    title: d?.title ?? '',
    columns: d?.columns.map((c) => c.prop) ?? [],
  };
}

/** Form → wire: the definition written back (a foreign one kept while the form leaves it alone). */
export function reportBody(v: Row, original?: Row): Row {
  const { title, columns, ...rest } = v;
  const cols = ((columns ?? []) as string[]).map((c) => c.trim()).filter(Boolean);
  const foreign = original && definitionOf(original.content) === undefined;
  let content: string | null;
  if (foreign && !title && !cols.length) content = original.content;
  else {
    // labels already in the definition stay with their columns
    const known = new Map((definitionOf(original?.content)?.columns ?? []).map((c) => [c.prop, c]));
    content = JSON.stringify({
      title: String(title ?? '').trim() || String(v.name ?? '').trim(),
      columns: cols.map((c) => {
        const k = known.get(c);
        return k && k.label !== k.prop ? k : c;
      }),
    });
  }
  return { ...rest, interfaceId: v.interfaceId || '', content };
}

/** The columns a report shows: its definition's, else every field of the rows. */
export function reportColumns(def: ReportDefinition | undefined, fields: string[]): ReportColumn[] {
  if (def?.columns.length) return def.columns;
  return fields.map((f) => ({ prop: f, label: f }));
}
