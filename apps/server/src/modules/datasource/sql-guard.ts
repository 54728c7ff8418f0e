/**
 * The statement check of data interfaces: a tokenizer (not a regex over the text) that skips string literals
 * ('…', E'…', $tag$…$tag$), comments (-- and nested block comments) and reads quoted identifiers as the names they are, so
 * neither `'delete me'` is refused nor `"pg_catalog"."pg_shadow"` let through. It refuses anything but one SELECT /
 * WITH statement, the writing and session keywords, the system catalogues and the file, large-object, signal,
 * settings and dynamic-SQL functions. The read-only transaction and, on the own database, the restricted role
 * (sandbox.ts) are the guards behind it: this check is the clear message, not the only wall.
 */
import { badRequest } from '../../core/envelope.ts';

export interface Token {
  kind: 'word' | 'quoted' | 'symbol';
  /** lower-cased for words; as written for quoted identifiers */
  text: string;
}

/**
 * Tokens of SQL outside literals and comments, as PostgreSQL (standard strings, dollar quotes, nested comments) or
 * MySQL (backslash escapes in '…' and "…" strings, `#` and `-- ` comments, no dollar quotes) reads it. Throws a 400
 * on an unterminated literal, a U& escape or a MySQL executable comment.
 */
export function tokens(sqlText: string, dialect: 'pg' | 'mysql' = 'pg'): Token[] {
  const my = dialect === 'mysql';
  const out: Token[] = [];
  const s = sqlText;
  let i = 0;
  const n = s.length;
  const unterminated = () => badRequest('SQL 语句中有未结束的字符串或注释');
  while (i < n) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
    } else if ((c === '-' && s[i + 1] === '-' && (!my || i + 2 >= n || /\s/.test(s[i + 2]))) || (my && c === '#')) {
      while (i < n && s[i] !== '\n') i++;
    } else if (c === '/' && s[i + 1] === '*') {
      if (my && s[i + 2] === '!') throw badRequest('查询语句中不能使用 /*! 注释');
      let depth = 1;
      i += 2;
      while (i < n && depth) {
        if (!my && s[i] === '/' && s[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (s[i] === '*' && s[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      if (depth) throw unterminated();
    } else if (c === "'" || (my && c === '"') || (!my && (c === 'e' || c === 'E') && s[i + 1] === "'")) {
      const q = c === '"' ? '"' : "'";
      const escapes = my || c !== "'";
      i += c === 'e' || c === 'E' ? 2 : 1;
      for (;;) {
        if (i >= n) throw unterminated();
        if (escapes && s[i] === '\\') i += 2;
        else if (s[i] === q && s[i + 1] === q) i += 2;
        else if (s[i] === q) {
          i++;
          break;
        } else i++;
      }
      out.push({ kind: 'symbol', text: "''" });
    } else if (!my && c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(s.slice(i))) {
      const tag = (/^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(s.slice(i)) as RegExpExecArray)[0];
      const end = s.indexOf(tag, i + tag.length);
      if (end < 0) throw unterminated();
      i = end + tag.length;
      out.push({ kind: 'symbol', text: "''" });
    } else if (c === '"' || c === '`') {
      let name = '';
      i++;
      for (;;) {
        if (i >= n) throw unterminated();
        if (s[i] === c && s[i + 1] === c) {
          name += c;
          i += 2;
        } else if (s[i] === c) {
          i++;
          break;
        } else name += s[i++];
      }
      out.push({ kind: 'quoted', text: name });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(s[j])) j++;
      const word = s.slice(i, j).toLowerCase();
      // U&"\0070g_shadow" spells an identifier in escapes: not accepted
      if (word === 'u' && s[j] === '&') throw badRequest('查询语句中不能使用 U& 转义');
      out.push({ kind: 'word', text: word });
      i = j;
    } else {
      out.push({ kind: 'symbol', text: c });
      i++;
    }
  }
  return out;
}

const KEYWORDS = new Set(
  (
    'insert update delete merge drop alter create truncate grant revoke copy call do execute prepare deallocate ' +
    'lock vacuum set reset listen notify unlisten into sleep benchmark load_file outfile dumpfile'
  ).split(' '),
);

/** names (schema, table or function; any spelling) an interface never reads or calls */
const DENIED_NAMES = new Set(
  (
    'information_schema performance_schema mysql set_config current_setting dblink blade_auth_key ds_secret ' +
    'query_to_xml query_to_xmlschema query_to_xml_and_xmlschema cursor_to_xml cursor_to_xmlschema table_to_xml ' +
    'table_to_xmlschema table_to_xml_and_xmlschema schema_to_xml schema_to_xmlschema schema_to_xml_and_xmlschema ' +
    'database_to_xml database_to_xmlschema database_to_xml_and_xmlschema ts_stat txid_current inet_server_addr ' +
    'inet_server_port inet_client_addr'
  ).split(' '),
);
/** prefixes of denied names: PostgreSQL's catalogues and admin functions (pg_*), large objects, dblink */
const DENIED_PREFIXES = ['pg_', 'lo_', 'dblink_', 'binary_upgrade_'];

function deniedName(name: string): boolean {
  const x = name.toLowerCase();
  return DENIED_NAMES.has(x) || DENIED_PREFIXES.some((p) => x.startsWith(p));
}

/**
 * Refuses anything but one SELECT / WITH statement and every denied keyword or name (a 400 naming it), as read by
 * both PostgreSQL and MySQL (a text one of them reads differently cannot hide a name from the other's reading).
 * `recursive`: also refuse WITH RECURSIVE (the own embedded database cannot interrupt an endless one).
 */
export function assertReadOnlySql(sqlText: string, opts: { recursive?: boolean } = {}) {
  checkTokens(tokens(sqlText, 'pg'), opts);
  checkTokens(tokens(sqlText, 'mysql'), opts);
}

function checkTokens(t: Token[], opts: { recursive?: boolean }) {
  while (t.length && t[t.length - 1].text === ';') t.pop();
  if (!t.length) throw badRequest('请输入 SQL 语句');
  if (t.some((x) => x.kind === 'symbol' && x.text === ';')) throw badRequest('只能执行一条 SQL 语句');
  if (t[0].kind !== 'word' || !['select', 'with'].includes(t[0].text)) throw badRequest('只能执行查询语句 (SELECT)');
  for (const x of t) {
    if (x.kind === 'word' && KEYWORDS.has(x.text)) throw badRequest(`查询语句中不能使用 ${x.text.toUpperCase()}`);
    if (x.kind !== 'symbol' && deniedName(x.text)) throw badRequest(`查询语句中不能使用 ${x.text.toUpperCase()}`);
  }
  if (opts.recursive && t.some((x) => x.kind === 'word' && x.text === 'recursive'))
    throw badRequest('本系统数据库的接口不能使用 WITH RECURSIVE');
}
