import { gunzipSync } from 'node:zlib';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * MariaDB at 127.0.0.1:3306, database `test`, root without a password (as the CI machine has it; the CI script starts
 * it); `TEST_MARIADB_URL=mysql://user:password@host:port/database` names another. The source tests skip, saying why,
 * only when none answers.
 */
const MARIADB = (() => {
  const u = new URL(process.env.TEST_MARIADB_URL || 'mysql://root@127.0.0.1:3306/test');
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  };
})();
/** the connection fields of a source form for MARIADB */
const MARIA_FORM = {
  dbType: 'MySQL',
  host: MARIADB.host,
  port: MARIADB.port,
  dbName: MARIADB.database,
  userName: MARIADB.user,
  password: MARIADB.password,
};
const mariadbUp = await mysql
  .createConnection({ ...MARIADB, connectTimeout: 2000 })
  .then(async (c) => {
    await c.end();
    return true;
  })
  .catch((e) => {
    console.warn(`MariaDB data-source tests skipped: no MariaDB at ${MARIADB.host}:${MARIADB.port} (${e.message})`);
    return false;
  });

let t: TestApp;
let admin: string;
const suffix = `${process.pid}_${Date.now() % 100000}`;
const mtable = `swp_tariff_copy_${suffix}`;
beforeAll(async () => {
  t = await bootTestApp();
  admin = (await t.signIn()).access_token;
});
afterAll(async () => {
  if (mariadbUp) {
    const c = await mysql.createConnection(MARIADB);
    await c.query(`drop table if exists \`${mtable}\``);
    await c.end();
  }
  await t?.close();
});

const S = '/api/system';

describe('data sources on the console’s own database', () => {
  it('lists tables and fields, previews a table in pages (platform administrator)', async () => {
    t.token = admin;
    const sel = (await t.get(`${S}/DataSource/Selector`)).json().data.list;
    expect(sel[0]).toMatchObject({ id: '0', fullName: '本系统数据库' });
    const tables = (await t.get(`${S}/DataModel/0/Tables`, { keyword: 'water_tariff' })).json().data.list;
    expect(tables.map((x: any) => x.table)).toContain('swp_water_tariff');
    const info = (await t.get(`${S}/DataModel/0/Table/swp_water_tariff`)).json().data;
    const id = info.tableFieldList.find((f: any) => f.field === 'id');
    expect(id).toMatchObject({ primaryKey: 1, allowNull: 0 });
    const fields = (await t.get(`${S}/DataModel/0/Tables/swp_water_tariff/Fields`)).json().data.list;
    expect(fields.map((f: any) => f.field)).toContain('total_price');
    const p1 = (await t.get(`${S}/DataModel/0/Table/swp_water_tariff/Preview`, { currentPage: 1, pageSize: 3 })).json()
      .data;
    expect(p1.list).toHaveLength(3);
    expect(p1.pagination.total).toBeGreaterThan(3);
    const p2 = (await t.get(`${S}/DataModel/0/Table/swp_water_tariff/Preview`, { currentPage: 2, pageSize: 3 })).json()
      .data;
    expect(p2.list[0].id).not.toBe(p1.list[0].id);
    expect((await t.get(`${S}/DataModel/0/Table/no_such_table/Preview`)).json()).toMatchObject({
      code: 400,
      msg: '数据表不存在: no_such_table',
    });
    // no table in the console's own database through the data model screen
    const r = await t.post(`${S}/DataModel/0/Table`, { tableName: 'x', fields: [{ field: 'a', dataType: 'int' }] });
    expect(r.json().msg).toBe('不能在本系统数据库中建表');
  });

  it('runs the seeded data interfaces (SQL with a parameter, static data), logs calls, toggles state, exports', async () => {
    const list = (await t.get(`${S}/DataInterface`, { keyword: 'water_tariff' })).json().data.list;
    const q = list[0];
    const rows = (await t.get(`${S}/DataInterface/${q.id}/Actions/Response`, { category: 1 })).json().data;
    expect(rows.map((r: any) => r.tier)).toEqual([1, 2, 3, 1, 2, 3].slice(0, rows.length));
    expect(rows.length).toBeGreaterThan(0);
    expect((await t.get(`${S}/DataInterface/${q.id}/Actions/Response`, { category: 'x' })).json().msg).toBe(
      '参数 用水类别 必须是数字',
    );
    const stat = (await t.get(`${S}/DataInterface`, { keyword: 'repair_fault' })).json().data.list[0];
    expect((await t.get(`${S}/DataInterface/${stat.id}/Actions/Response`)).json().data[0]).toEqual({
      id: '1',
      fullName: '水表故障',
    });
    expect((await t.put(`${S}/DataInterface/${stat.id}/Actions/State`)).json().data).toEqual({ enabledMark: 0 });
    expect((await t.get(`${S}/DataInterface/${stat.id}/Actions/Response`)).json().msg).toBe(
      '数据接口已停用: 报修故障类型',
    );
    await t.put(`${S}/DataInterface/${stat.id}/Actions/State`);
    const log = (await t.get(`${S}/DataInterfaceLog/${q.id}`)).json().data;
    expect(log.pagination.total).toBe(2);
    expect(log.list.map((l: any) => l.success).sort()).toEqual([false, true]);
    const exp = await t.get(`${S}/DataInterface/${q.id}/Action/Export`);
    expect(JSON.parse(exp.body)).toMatchObject({ enCode: 'water_tariff_query', dataType: 1 });
  });

  it('refuses writes, several statements and unknown parameters in SQL interfaces', async () => {
    const base = { fullName: '坏接口', enCode: 'bad_sql', dataType: 1, dbLinkId: '0' };
    for (const [query, msg] of [
      ['delete from blade_user', '只能执行查询语句 (SELECT)'],
      ['select 1; select 2', '只能执行一条 SQL 语句'],
      ['with x as (delete from blade_user returning *) select * from x', '查询语句中不能使用 DELETE'],
      ['select pg_sleep(10)', '查询语句中不能使用 PG_SLEEP'],
      ['select * from blade_user where id = @nope', '缺少参数: nope'],
    ])
      expect((await t.post(`${S}/DataInterface`, { ...base, query })).json().msg, query).toBe(msg);
    // a string that merely contains a keyword is fine
    const ok1 = await t.post(`${S}/DataInterface`, {
      ...base,
      enCode: 'ok_sql',
      query: "select 'delete me' as a, @n::int as n",
      parameterJson: [{ field: 'n', dataType: 'number', defaultValue: 7 }],
    });
    expect(ok1.json().code).toBe(200);
    expect((await t.get(`${S}/DataInterface/${ok1.json().data.id}/Actions/Response`)).json().data).toEqual([
      { a: 'delete me', n: 7 },
    ]);
    // row limit and timeout
    const big = await t.post(`${S}/DataInterface`, {
      ...base,
      enCode: 'big_sql',
      query: 'select g from generate_series(1, 50) g',
      rowLimit: 10,
    });
    expect((await t.get(`${S}/DataInterface/${big.json().data.id}/Actions/Response`)).json().msg).toBe(
      '查询结果超过行数上限 10，请增加查询条件',
    );
    const slow = await t.post(`${S}/DataInterface`, {
      ...base,
      enCode: 'slow_sql',
      // well over the timeout on PostgreSQL (~1 s); the embedded database cannot interrupt it, so it stays short
      query: 'select count(*) as n from generate_series(1, 3000000) a',
      timeoutMs: 200,
    });
    const res = await t.get(`${S}/DataInterface/${slow.json().data.id}/Actions/Response`);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toMatch(/timeout|超时|cancel/i);
  });

  it('keeps every tenant to its own sources; the own database is the platform administrator’s', async () => {
    t.token = (await t.signIn('admin', 'admin', '100001')).access_token;
    expect((await t.get(`${S}/DataSource/Selector`)).json().data.list.find((x: any) => x.id === '0')).toBeUndefined();
    expect((await t.get(`${S}/DataModel/0/Tables`)).statusCode).toBe(403);
    expect((await t.get(`${S}/DataInterface`)).json().data.pagination.total).toBe(0);
    t.token = (await t.signIn('operator', 'operator')).access_token;
    expect((await t.get(`${S}/DataSource`)).statusCode).toBe(403);
    expect((await t.get(`${S}/DataBackup`)).statusCode).toBe(403);
    t.token = admin;
  });

  it('backs up the own database as a pg_dump data file, lists, downloads and deletes it', async () => {
    const r = (await t.post(`${S}/DataBackup`, { description: '测试备份' })).json();
    expect(r).toMatchObject({ code: 200, msg: '备份已开始' });
    let row: any;
    for (let i = 0; i < 120; i++) {
      row = (await t.get(`${S}/DataBackup`)).json().data.list.find((b: any) => b.id === r.data.id);
      if (row.state !== 'running' && row.state !== 'queued') break;
      await new Promise((ok) => setTimeout(ok, 250));
    }
    expect(row).toMatchObject({ state: 'done', description: '测试备份' });
    expect(row.tableCount).toBeGreaterThan(20);
    const file = await t.get(`${S}/DataBackup/${r.data.id}/Actions/Download`);
    const text = gunzipSync(file.rawPayload).toString('utf8');
    expect(text).toContain('COPY public."swp_water_tariff" (');
    expect(text).toMatch(/COPY public\."lc_module" \([^)]*\) FROM stdin;\n[^\n]*用户报修登记/);
    // PostGIS's own table comes back with the extension
    expect(text).not.toContain('spatial_ref_sys');
    expect(text.trimEnd().endsWith('\\.')).toBe(true);
    expect((await t.del(`${S}/DataBackup/${r.data.id}`)).json().msg).toBe('删除成功');
    expect((await t.get(`${S}/DataBackup/${r.data.id}/Actions/Download`)).json().msg).toBe('备份不存在');
  });

  it('lists reports and runs a report’s interface', async () => {
    const list = (await t.get('/api/blade-report/report/rest/list')).json().data.records;
    const rep = list.find((r: any) => r.name === '居民阶梯水价表');
    const data = (await t.get('/api/blade-report/report/rest/data', { id: rep.id, category: 1 })).json().data;
    expect(data.rows.length).toBeGreaterThan(0);
    // the auditors the report menu is given to run it too: the interface's SQL is the platform administrator's
    const auditor = (await t.signIn('auditor', 'auditor')).access_token;
    t.token = auditor;
    const seen = await t.get('/api/blade-report/report/rest/data', { id: rep.id, category: 1 });
    expect(seen.json(), seen.body).toMatchObject({ code: 200 });
    expect(seen.json().data.rows).toEqual(data.rows);
    // but they do not browse the own database
    expect((await t.get(`${S}/DataModel/0/Tables`)).statusCode).toBe(403);
    t.token = admin;
    expect((await t.post('/api/blade-report/report/rest/submit', { name: '居民阶梯水价表' })).json().msg).toBe(
      '报表名称已存在',
    );
    const made = await t.post('/api/blade-report/report/rest/submit', { name: '临时报表' });
    expect(made.json().code).toBe(200);
    const id = (await t.get('/api/blade-report/report/rest/list', { name: '临时' })).json().data.records[0].id;
    expect((await t.post('/api/blade-report/report/rest/remove', undefined, { ids: id })).json().code).toBe(200);
  });
});

describe.skipIf(!mariadbUp)('a MariaDB data source', () => {
  let id: string;
  it('stores the password sealed, tests the connection (and its refusal), lists tables', async () => {
    t.token = admin;
    let r = await t.post(`${S}/DataSource`, {
      fullName: '本地MariaDB',
      dbType: 'MySQL',
      host: MARIADB.host,
      port: MARIADB.port,
      serviceName: MARIADB.database,
      userName: MARIADB.user,
      password: 'not-used-by-root',
    });
    expect(r.json(), r.body).toMatchObject({ code: 200, msg: '新建成功' });
    id = r.json().data.id;
    const stored = (await t.app.ctx.database.pool.query('select password_enc from ds_source where id = $1', [id]))
      .rows[0].password_enc;
    expect(stored).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('not-used-by-root');
    const info = (await t.get(`${S}/DataSource/${id}`)).json().data;
    expect(info).toMatchObject({
      password: '',
      hasPassword: true,
      dbName: MARIADB.database,
      host: MARIADB.host,
      port: MARIADB.port,
    });
    // one name per field in JNPF's words (the SpringBlade names live on /blade-develop/datasource)
    for (const k of ['name', 'username', 'remark', 'status', 'serviceName', 'url']) expect(info).not.toHaveProperty(k);
    // an update with an empty password (the form left blank) keeps the stored one, which the account refuses
    expect((await t.put(`${S}/DataSource/${id}`, { ...info, password: '' })).json().code).toBe(200);
    r = await t.post(`${S}/DataSource/Actions/Test`, { id });
    expect(r.json().msg).toMatch(/^连接失败: .*denied/i);
    // the form as filled so far (no name yet) is enough to test the connection
    r = await t.post(`${S}/DataSource/Actions/Test`, MARIA_FORM);
    expect(r.json(), r.body).toMatchObject({ code: 200, msg: '连接成功' });
    expect(r.json().data.version).toMatch(/MariaDB|^\d+\./);
    r = await t.post(`${S}/DataSource/Actions/Test`, { ...MARIA_FORM, userName: 'nobody_here', password: 'x' });
    expect(r.json().msg).toMatch(/^连接失败: .*denied/i);
    const started = Date.now();
    r = await t.post(`${S}/DataSource/Actions/Test`, {
      dbType: 'PostgreSQL',
      host: '10.255.255.1',
      port: 5432,
      dbName: 'x',
      userName: 'x',
      password: 'x',
    });
    expect(r.json().msg).toMatch(/^连接失败: /);
    expect(Date.now() - started).toBeLessThan(15_000);
    // the right password (root here has none: the stored one is dropped)
    r = await t.put(`${S}/DataSource/${id}`, {
      ...info,
      ...(MARIADB.password ? { password: MARIADB.password } : { password: '', clearPassword: 1 }),
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    expect((await t.get(`${S}/DataSource/${id}`)).json().data.hasPassword).toBe(!!MARIADB.password);
    r = await t.post(`${S}/DataSource/Actions/Test`, { id });
    expect(r.json(), r.body).toMatchObject({ code: 200, msg: '连接成功' });
  });

  it('creates a table, copies our tariffs into it in batches, previews and queries it', async () => {
    let r = await t.post(`${S}/DataModel/${id}/Table`, {
      tableName: mtable,
      fields: [
        { field: 'id', dataType: 'bigint', primaryKey: 1 },
        { field: 'category', dataType: 'int' },
        { field: 'tier', dataType: 'int' },
        { field: 'total_price', dataType: 'decimal', dataLength: 7, decimalDigits: 2 },
        { field: 'only_here', dataType: 'varchar', dataLength: 20 },
      ],
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    expect(
      (
        await t.post(`${S}/DataModel/${id}/Table`, { tableName: mtable, fields: [{ field: 'a', dataType: 'int' }] })
      ).json().msg,
    ).toBe(`数据表已存在: ${mtable}`);
    const tables = (await t.get(`/api/blade-develop/datasource-table/${id}/tables`)).json().data;
    expect(tables.map((x: any) => x.name)).toContain(mtable);

    const total = Number((await t.app.ctx.database.pool.query('select count(*) as n from swp_water_tariff')).rows[0].n);
    r = await t.post(`${S}/DataSync/Actions/Execute`, {
      dbLinkFrom: '0',
      dbLinkTo: id,
      table: 'swp_water_tariff',
      toTable: mtable,
      batchSize: 4,
      clearTarget: 1,
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    const rep = r.json().data;
    expect(rep).toMatchObject({ total, copied: total, batches: Math.ceil(total / 4) });
    expect(rep.columns.sort()).toEqual(['category', 'id', 'tier', 'total_price']);
    expect(rep.skippedColumns).toContain('tenant_id');
    expect(
      (await t.post(`${S}/DataSync/Actions/Execute`, { dbLinkFrom: id, dbLinkTo: '0', table: mtable })).json().msg,
    ).toBe('目标不能是本系统数据库');

    const prev = (await t.get(`${S}/DataModel/${id}/Table/${mtable}/Preview`, { pageSize: 100 })).json().data;
    expect(prev.pagination.total).toBe(total);
    const pgRow = (
      await t.app.ctx.database.pool.query('select id, total_price from swp_water_tariff order by id limit 1')
    ).rows[0];
    expect(Number(prev.list[0].total_price)).toBe(Number(pgRow.total_price));
    expect(String(prev.list[0].id)).toBe(pgRow.id);

    r = await t.post(`${S}/DataInterface`, {
      fullName: 'MariaDB 水价',
      enCode: 'maria_tariff',
      dataType: 1,
      dbLinkId: id,
      query: `select tier, total_price from ${mtable} where category = @category and tier >= @minTier order by tier`,
      parameterJson: [
        { field: 'category', dataType: 'number', required: true },
        { field: 'minTier', dataType: 'number', defaultValue: 2 },
      ],
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    const iid = r.json().data.id;
    const rows = (await t.get(`${S}/DataInterface/${iid}/Actions/Response`, { category: 1 })).json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x: any) => x.tier >= 2)).toBe(true);
    expect((await t.get(`${S}/DataInterface/${iid}/Actions/Response`)).json().msg).toBe('缺少参数: category');
  });

  it('changes a table (rename, add, drop, nullability) and drops it', async () => {
    await alterAndDrop(id, `${mtable}_alt`);
  });

  it('speaks the BladeX dialect over the same sources', async () => {
    const list = (await t.get('/api/blade-develop/datasource/list')).json().data;
    expect(list.records.find((x: any) => x.id === id)).toMatchObject({
      name: '本地MariaDB',
      driverClass: 'com.mysql.cj.jdbc.Driver',
    });
    expect((await t.get('/api/blade-develop/datasource/selectDbType')).json().data.map((x: any) => x.dictKey)).toEqual([
      'PostgreSQL',
      'MySQL',
    ]);
    let r = await t.post('/api/blade-develop/datasource/submit', {
      name: 'Bx',
      url: `jdbc:mariadb://${MARIADB.host}:${MARIADB.port}/${MARIADB.database}`,
      username: MARIADB.user,
      password: MARIADB.password,
    });
    expect(r.json().code).toBe(200);
    const bx = (await t.get('/api/blade-develop/datasource/list', { name: 'Bx' })).json().data.records[0];
    expect(bx).toMatchObject({
      driverClass: 'com.mysql.cj.jdbc.Driver',
      url: `jdbc:mysql://${MARIADB.host}:${MARIADB.port}/${MARIADB.database}`,
      username: MARIADB.user,
    });
    const table = (await t.get(`/api/blade-develop/datasource-table/${bx.id}/table/${mtable}`)).json().data;
    expect(table.columns.find((c: any) => c.name === 'id')).toMatchObject({ primaryKey: true });
    r = await t.post('/api/blade-develop/datasource/submit', { name: 'Bad', url: 'http://x' });
    expect(r.json().msg).toContain('连接地址不正确');
    expect((await t.post('/api/blade-develop/datasource/remove', undefined, { ids: bx.id })).json().code).toBe(200);
    expect((await t.get('/api/blade-develop/datasource/detail', { id: bx.id })).json().data).toBeNull();
  });
});

/**
 * The data model's table changes on a source: create, rename with a new field and one left out, refuse a type
 * change, then drop it. Shared by the MariaDB and PostgreSQL sources.
 */
async function alterAndDrop(source: string, table: string) {
  t.token = admin;
  const M = `${S}/DataModel/${source}`;
  const fields = [
    { field: 'id', dataType: 'bigint', primaryKey: 1 },
    { field: 'code', dataType: 'varchar', dataLength: 20 },
    { field: 'gone', dataType: 'int' },
  ];
  let r = await t.post(`${M}/Table`, { tableName: table, fields });
  expect(r.json(), r.body).toMatchObject({ code: 200 });
  r = await t.put(`${M}/Table`, {
    oldTableName: table,
    tableName: `${table}2`,
    fields: [
      { field: 'id', dataType: 'bigint', primaryKey: 1 },
      { field: 'code', dataType: 'varchar', dataLength: 20, allowNull: 0 },
      { field: 'note', dataType: 'text' },
    ],
  });
  expect(r.json(), r.body).toMatchObject({ code: 200, msg: '修改成功' });
  const cols = (await t.get(`${M}/Tables/${table}2/Fields`)).json().data.list;
  expect(cols.map((c: any) => c.field).sort()).toEqual(['code', 'id', 'note']);
  expect(cols.find((c: any) => c.field === 'code').allowNull).toBe(0);
  expect((await t.get(`${M}/Table/${table}`)).json().data).toBeNull();
  r = await t.put(`${M}/Table`, { tableName: `${table}2`, fields: [{ field: 'id', dataType: 'int', primaryKey: 1 }] });
  expect(r.json().msg).toMatch(/^不能修改字段类型: id/);
  r = await t.put(`${M}/Table`, { oldTableName: 'no_such_table_here', tableName: 'x1', fields });
  expect(r.json().msg).toBe('数据表不存在: no_such_table_here');
  r = await t.del(`${M}/Table/${table}2`);
  expect(r.json(), r.body).toMatchObject({ code: 200, msg: '删除成功' });
  expect((await t.del(`${M}/Table/${table}2`)).json().msg).toBe(`数据表不存在: ${table}2`);
  expect((await t.del(`${S}/DataModel/0/Table/blade_user`)).json().msg).toBe('不能删除本系统数据库的表');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL data source', () => {
  it('changes a table (rename, add, drop, nullability) and drops it', async () => {
    t.token = admin;
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    const r = await t.post(`${S}/DataSource`, {
      fullName: `本机PostgreSQL ${suffix}`,
      dbType: 'PostgreSQL',
      host: u.hostname,
      port: Number(u.port || 5432),
      serviceName: u.pathname.slice(1) || 'postgres',
      userName: decodeURIComponent(u.username || 'postgres'),
      password: decodeURIComponent(u.password),
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    await alterAndDrop(r.json().data.id, `swp_model_${suffix}`);
  });
});
