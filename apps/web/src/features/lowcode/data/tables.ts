/** The rules of a new table (数据建模 › 新建表), as the server checks them: names, column types, a body to send. */
import type { Row } from '../../../api/crud';

export const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
export const FIELD_TYPES = ['varchar', 'text', 'int', 'bigint', 'decimal', 'datetime', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface NewField {
  field: string;
  dataType: FieldType;
  dataLength?: number;
  decimalDigits?: number;
  allowNull?: boolean;
  primaryKey?: boolean;
}

/** Which sizes a type takes: varchar a length, decimal a precision and a scale. */
export const takesLength = (t: unknown) => t === 'varchar' || t === 'decimal';
export const takesDecimals = (t: unknown) => t === 'decimal';

/** The sizes a column starts with when its type is chosen: varchar(255), decimal(18,2), none for the rest. */
export function sizesFor(t: FieldType): Pick<NewField, 'dataLength' | 'decimalDigits'> {
  if (t === 'varchar') return { dataLength: 255, decimalDigits: undefined };
  if (t === 'decimal') return { dataLength: 18, decimalDigits: 2 };
  return { dataLength: undefined, decimalDigits: undefined };
}

/** The first column name used twice, if any. */
export function duplicateField(fields: Pick<NewField, 'field'>[]): string | undefined {
  const seen = new Set<string>();
  for (const f of fields) {
    const k = (f.field ?? '').trim().toLowerCase();
    if (!k) continue;
    if (seen.has(k)) return f.field.trim();
    seen.add(k);
  }
  return undefined;
}

/** The body of `DataModel/{id}/Table`: 0/1 flags, sizes only where the type takes them; a key column is never null. */
export function tableBody(tableName: string, fields: NewField[]): Row {
  return {
    tableName: tableName.trim(),
    fields: fields.map((f) => ({
      field: f.field.trim(),
      dataType: f.dataType,
      ...(takesLength(f.dataType) && f.dataLength ? { dataLength: f.dataLength } : {}),
      ...(takesDecimals(f.dataType) && f.decimalDigits !== undefined && f.decimalDigits !== null
        ? { decimalDigits: f.decimalDigits }
        : {}),
      primaryKey: f.primaryKey ? 1 : 0,
      allowNull: f.primaryKey ? 0 : f.allowNull === false ? 0 : 1,
    })),
  };
}
