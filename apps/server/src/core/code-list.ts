/**
 * A code table spelt out for people: `1 在用; 2 停用; 0 拆除`. The xlsx import help sheets and the messages that
 * name the accepted codes list a table's codes with their names the same way; the table is either code → name or
 * code → `{ name, … }` (the type catalogues that carry an English name too).
 */
export function codeList(table: Record<string | number, string | { name: string }>, separator = '; '): string {
  return Object.entries(table)
    .map(([code, v]) => `${code} ${typeof v === 'string' ? v : v.name}`)
    .join(separator);
}

/** The code of a catalogue entry named in a cell: by its code or its English name (any case), or its Chinese name. */
export function codeNamed<T extends string>(table: Record<T, { name: string; nameEn: string }>, v: string | undefined) {
  if (!v) return undefined;
  const low = v.trim().toLowerCase();
  return (Object.keys(table) as T[]).find(
    (k) => k.toLowerCase() === low || table[k].name === v.trim() || table[k].nameEn.toLowerCase() === low,
  );
}
