/**
 * The rules of the 代码生成 form and its generation: the body of a save (a table source, never also an online
 * module), a code name suggested by the chosen table, and the preview and zip of the chosen settings.
 */
import type { Row } from '../../api/crud';
import { bladeCodeApi } from '../../api/lowcode';
import { filesOf, type GeneratedFile } from '../../components/CodePreviewDialog';

/** The server's rule for a code name (模块名). */
export const CODE_NAME = /^[a-z][a-z0-9_]*$/;
export const CODE_NAME_MAX = 40;

/** The body of a save: the form's fields; a setting now made from a table no longer names an online module. */
export function codeBody(values: Row): Row {
  const body: Row = { ...values };
  for (const k of ['codeName', 'serviceName', 'tableName', 'tablePrefix', 'remark']) {
    if (typeof body[k] === 'string') body[k] = body[k].trim();
  }
  if (body.tableName) body.moduleId = null;
  return body;
}

/** A code name from a table name: the prefix dropped, lower case, only what the rule allows (empty if nothing fits). */
export function codeNameOf(table: string, prefix = ''): string {
  const bare = prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table;
  const name = bare
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, CODE_NAME_MAX);
  return CODE_NAME.test(name) ? name : '';
}

/** The files of the chosen settings, as the zip holds them: with several settings, each under its own folder. */
export async function previewFiles(rows: Row[]): Promise<GeneratedFile[]> {
  const all: GeneratedFile[] = [];
  for (const r of rows) {
    const files = filesOf(await bladeCodeApi.preview(String(r.id)));
    for (const f of files) all.push(rows.length > 1 ? { ...f, path: `${r.codeName}/${f.path}` } : f);
  }
  return all;
}

/** The dialog's name for the chosen settings: their titles. */
export function settingsName(rows: Row[]): string {
  return rows.map((r) => r.serviceName || r.codeName).join('、');
}
