import { describe, expect, it } from 'vitest';
import { datasourceBody, driverOptions, testBody, urlExample, urlSuitsDriver } from './datasources';

describe('数据源管理 form rules', () => {
  it('lists the driver classes of selectDbType', () => {
    expect(
      driverOptions([
        { dictKey: 'PostgreSQL', dictValue: 'PostgreSQL', driverClass: 'org.postgresql.Driver', defaultPort: 5432 },
        { dictKey: 'MySQL', dictValue: 'MySQL / MariaDB', driverClass: 'com.mysql.cj.jdbc.Driver', defaultPort: 3306 },
      ]).map((o) => [o.value, o.label]),
    ).toEqual([
      ['org.postgresql.Driver', 'PostgreSQL (org.postgresql.Driver)'],
      ['com.mysql.cj.jdbc.Driver', 'MySQL / MariaDB (com.mysql.cj.jdbc.Driver)'],
    ]);
    expect(driverOptions(null)).toEqual([]);
  });

  it('refuses a url of another database than the driver; leaves the url’s form to the server', () => {
    expect(urlSuitsDriver('jdbc:postgresql://h:5432/db', 'org.postgresql.Driver')).toBe(true);
    expect(urlSuitsDriver('jdbc:mysql://h/db', 'org.postgresql.Driver')).toBe(false);
    expect(urlSuitsDriver('jdbc:mariadb://h/db', 'com.mysql.cj.jdbc.Driver')).toBe(true);
    expect(urlSuitsDriver('jdbc:postgresql://h/db', 'com.mysql.cj.jdbc.Driver')).toBe(false);
    expect(urlSuitsDriver('not a url', 'org.postgresql.Driver')).toBe(true);
    expect(urlSuitsDriver('', undefined)).toBe(true);
    expect(urlExample('com.mysql.cj.jdbc.Driver')).toBe('jdbc:mysql://127.0.0.1:3306/swp');
    expect(urlExample(undefined)).toBe('jdbc:postgresql://127.0.0.1:5432/swp');
  });

  it('saves the form’s fields only; the password only when typed; an edit keeps sort, status and (same url) schema', () => {
    const values = {
      name: ' 营业库 ',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://h:5432/b ',
      username: 'u',
    };
    expect(datasourceBody({ ...values, password: '' })).toEqual({
      name: '营业库',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://h:5432/b',
      username: 'u',
      remark: '',
    });
    const row = {
      id: '7',
      host: 'old',
      port: 1,
      dbName: 'old',
      sortCode: 3,
      status: 0,
      dbSchema: 'billing',
      url: 'jdbc:postgresql://h:5432/b',
    };
    const same = datasourceBody({ ...row, ...values, password: 'pw' }, row);
    expect(same).toEqual({
      ...datasourceBody(values),
      id: '7',
      sortCode: 3,
      status: 0,
      dbSchema: 'billing',
      password: 'pw',
    });
    expect(same).not.toHaveProperty('host');
    expect(datasourceBody({ ...values, url: 'jdbc:postgresql://x:5432/y' }, row)).not.toHaveProperty('dbSchema');
  });

  it('tests what the dialog holds; an edited source sends its id for its stored password', () => {
    expect(testBody({ url: ' jdbc:mysql://h/db', username: 'root', password: '' })).toEqual({
      url: 'jdbc:mysql://h/db',
      username: 'root',
    });
    expect(testBody({ url: 'u', username: 'n', password: 'p' }, '7')).toEqual({
      url: 'u',
      username: 'n',
      password: 'p',
      id: '7',
    });
  });
});
