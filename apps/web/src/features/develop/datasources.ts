/**
 * The rules of the 数据源管理 form (BladeX names: name, driverClass, url, username, password, remark): the driver
 * classes as options, whether a JDBC url suits the chosen driver, and the bodies a save and a connection test send.
 * The password travels only when typed (the server keeps the stored one otherwise and never sends it back).
 */
import type { Row } from '../../api/crud';
import type { Option } from '../../components/crud';

export const DEFAULT_DRIVER = 'org.postgresql.Driver';

/** `selectDbType`'s entries (`dictKey`, `dictValue`, `driverClass`, `defaultPort`) as driver-class options. */
export function driverOptions(types: Row[] | null | undefined): Option[] {
  return (types ?? [])
    .filter((d) => d.driverClass)
    .map((d) => ({
      value: String(d.driverClass),
      label: `${d.dictValue ?? d.dictKey} (${d.driverClass})`,
      port: d.defaultPort,
    }));
}

/** The JDBC sub-protocols a driver class speaks (PostgreSQL's; MySQL's, which reads MariaDB urls too). */
function schemesOf(driverClass: string): string[] {
  const d = driverClass.toLowerCase();
  if (d.includes('postgresql')) return ['postgresql'];
  if (d.includes('mysql') || d.includes('mariadb')) return ['mysql', 'mariadb'];
  return [];
}

/** False only when the url names a sub-protocol the driver does not speak (the server judges the url's form). */
export function urlSuitsDriver(url: unknown, driverClass: unknown): boolean {
  const scheme = /^\s*jdbc:([a-z]+):/i.exec(String(url ?? ''))?.[1]?.toLowerCase();
  const schemes = schemesOf(String(driverClass ?? ''));
  return !scheme || !schemes.length || schemes.includes(scheme);
}

/** An example url for a driver class, as the url field's placeholder. */
export function urlExample(driverClass: unknown): string {
  const s = schemesOf(String(driverClass ?? ''));
  return s[0] === 'mysql' ? 'jdbc:mysql://127.0.0.1:3306/swp' : 'jdbc:postgresql://127.0.0.1:5432/swp';
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));

/**
 * The body of a save. Only the form's fields and the row's id, sort and status travel: the row's host, port and
 * database would otherwise win over a changed url. The schema (set on 数据连接) stays while the url stays.
 */
export function datasourceBody(values: Row, row?: Row): Row {
  const body: Row = {
    name: text(values.name),
    driverClass: values.driverClass,
    url: text(values.url),
    username: text(values.username),
    remark: text(values.remark),
  };
  if (values.password) body.password = String(values.password);
  if (row?.id) {
    body.id = row.id;
    if (row.sortCode !== undefined) body.sortCode = row.sortCode;
    if (row.status !== undefined) body.status = row.status;
    if (row.dbSchema && text(row.url) === body.url) body.dbSchema = row.dbSchema;
  }
  return body;
}

/** The body of a test from the dialog: the connection as filled; an edited source sends its id for its password. */
export function testBody(values: Row, id?: string): Row {
  const body: Row = { url: text(values.url), username: text(values.username) };
  if (values.password) body.password = String(values.password);
  if (id) body.id = id;
  return body;
}
