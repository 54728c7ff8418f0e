import { describe, expect, it } from 'vitest';
import {
  connectionBody,
  defaultPort,
  portAfterTypeChange,
  shortVersion,
  sourceBody,
  testAnswerOf,
} from './dataSources';

describe('ports', () => {
  it('knows the default port of each type', () => {
    expect(defaultPort('PostgreSQL')).toBe(5432);
    expect(defaultPort('MySQL')).toBe(3306);
    expect(defaultPort('Oracle')).toBeUndefined();
  });

  it('moves the port with the type unless one of one’s own was typed', () => {
    expect(portAfterTypeChange('PostgreSQL', 'MySQL', 5432)).toBe(3306);
    expect(portAfterTypeChange('MySQL', 'PostgreSQL', 3306)).toBe(5432);
    expect(portAfterTypeChange('PostgreSQL', 'MySQL', undefined)).toBe(3306);
    expect(portAfterTypeChange('PostgreSQL', 'MySQL', '')).toBe(3306);
    expect(portAfterTypeChange('PostgreSQL', 'MySQL', 6543)).toBe(6543);
  });
});

const FORM = {
  fullName: ' 本机库 ',
  dbType: 'PostgreSQL',
  host: ' 127.0.0.1 ',
  port: 5432,
  dbName: 'postgres',
  dbSchema: '',
  userName: 'postgres',
  password: '',
  clearPassword: false,
  sortCode: 0,
  enabledMark: 1,
  // what the edited row also carries
  url: 'jdbc:postgresql://old:5432/x',
  hasPassword: true,
  name: 'old',
};

describe('sourceBody', () => {
  it('sends the known fields trimmed, an empty schema as none, no password when none was typed (kept)', () => {
    const b = sourceBody(FORM, '7');
    expect(b).toEqual({
      id: '7',
      fullName: '本机库',
      dbType: 'PostgreSQL',
      host: '127.0.0.1',
      port: 5432,
      dbName: 'postgres',
      dbSchema: null,
      userName: 'postgres',
      sortCode: 0,
      enabledMark: 1,
    });
  });

  it('sends a typed password', () => {
    expect(sourceBody({ ...FORM, password: 's3cret' }).password).toBe('s3cret');
  });

  it('clearing the password wins over a typed one', () => {
    const b = sourceBody({ ...FORM, password: 'typed', clearPassword: true }, '7');
    expect(b).toMatchObject({ password: '', clearPassword: true });
  });
});

describe('connectionBody', () => {
  it('sends the connection fields (no name), the id of an edited connection for its stored password', () => {
    expect(connectionBody(FORM, '7')).toEqual({
      id: '7',
      dbType: 'PostgreSQL',
      host: '127.0.0.1',
      port: 5432,
      dbName: 'postgres',
      userName: 'postgres',
    });
  });

  it('tests without the stored password when it is being cleared, and with a typed one', () => {
    expect(connectionBody({ ...FORM, clearPassword: true }, '7').id).toBeUndefined();
    expect(connectionBody({ ...FORM, password: 'x', dbSchema: 'gis' })).toMatchObject({
      password: 'x',
      dbSchema: 'gis',
    });
  });
});

describe('test answers', () => {
  it('reads the message, the short version and the time', () => {
    const env = {
      msg: '连接成功',
      data: { version: 'PostgreSQL 16.4 (Debian 16.4-1) on x86_64-pc-linux-gnu, compiled by gcc 12', durationMs: 12 },
    };
    expect(testAnswerOf(env, '?')).toEqual({ msg: '连接成功', version: 'PostgreSQL 16.4 (Debian 16.4-1)', ms: 12 });
    expect(testAnswerOf({ data: null }, 'ok')).toEqual({ msg: 'ok', version: '', ms: 0 });
    expect(shortVersion('10.11.6-MariaDB-0+deb12u1')).toBe('10.11.6-MariaDB-0+deb12u1');
  });
});
