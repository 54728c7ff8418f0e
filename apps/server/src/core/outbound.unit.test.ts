import { afterEach, describe, expect, it } from 'vitest';
import { addressBytes, OutboundRefused, parseAllowList, resolveOutbound } from './outbound.ts';

const tenant = { trusted: false, protectedTargets: [{ host: 'db.internal.example', port: 5432 }] };
const saved = process.env.SWP_DATASOURCE_ALLOW;
afterEach(() => {
  if (saved === undefined) delete process.env.SWP_DATASOURCE_ALLOW;
  else process.env.SWP_DATASOURCE_ALLOW = saved;
});

describe('the outbound wall', () => {
  it('reads IPv6 forms that carry an IPv4 address as that address', () => {
    expect(addressBytes('::ffff:127.0.0.1')).toEqual([127, 0, 0, 1]);
    expect(addressBytes('::ffff:7f00:1')).toEqual([127, 0, 0, 1]);
    expect(addressBytes('[::ffff:7f00:0001]')).toEqual([127, 0, 0, 1]);
    expect(addressBytes('64:ff9b::a9fe:a9fe')).toEqual([169, 254, 169, 254]);
    expect(addressBytes('::1')).toHaveLength(16);
    expect(addressBytes('fe80::1%eth0')?.slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(addressBytes('not-an-ip')).toBeNull();
  });

  it('refuses a tenant every spelling of loopback, this-host and link-local, even when allowed by *', async () => {
    process.env.SWP_DATASOURCE_ALLOW = '*';
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      'localhost',
      '0.0.0.0',
      '::1',
      '[::1]',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '169.254.169.254',
      'fe80::1',
      '224.0.0.1',
    ])
      await expect(resolveOutbound({ host, port: 5432 }, tenant), host).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('allows a tenant only what SWP_DATASOURCE_ALLOW names; the platform database stays walled', async () => {
    process.env.SWP_DATASOURCE_ALLOW = '';
    await expect(resolveOutbound({ host: '10.1.2.3', port: 3306 }, tenant)).rejects.toBeInstanceOf(OutboundRefused);
    process.env.SWP_DATASOURCE_ALLOW = '10.0.0.0/8, 192.168.1.7';
    expect(await resolveOutbound({ host: '10.1.2.3', port: 3306 }, tenant)).toBe('10.1.2.3');
    expect(await resolveOutbound({ host: '192.168.1.7', port: 3306 }, tenant)).toBe('192.168.1.7');
    await expect(resolveOutbound({ host: '192.168.1.8', port: 3306 }, tenant)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(resolveOutbound({ host: '11.0.0.1', port: 3306 }, tenant)).rejects.toBeInstanceOf(OutboundRefused);
    const onDb = { trusted: false, protectedTargets: [{ host: '10.9.9.9', port: 5432 }] };
    await expect(resolveOutbound({ host: '10.9.9.9', port: 5432 }, onDb)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(resolveOutbound({ host: '::ffff:10.9.9.9', port: 5432 }, onDb)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    expect(await resolveOutbound({ host: '10.9.9.9', port: 3306 }, onDb)).toBe('10.9.9.9');
  });

  it('lets the platform administrator reach any address, resolved', async () => {
    const trusted = { trusted: true, protectedTargets: [] };
    expect(await resolveOutbound({ host: '127.1', port: 5432 }, trusted)).toBe('127.0.0.1');
    expect(await resolveOutbound({ host: '::1', port: 5432 }, trusted)).toBe('::1');
  });

  it('refuses a malformed allow list entry', () => {
    expect(() => parseAllowList('10.0.0.0/99')).toThrow(/bad entry/);
    expect(() => parseAllowList('a b')).toThrow(/bad entry/);
    expect(parseAllowList(' db.example.com ,10.0.0.0/8').names.has('db.example.com')).toBe(true);
  });
});
