/**
 * MQTT against the embedded broker (aedes): a device signs in with its credential, publishes QoS 1 readings that
 * are stored by the time the broker acknowledges them (read back through monitor/his), and is refused — counted —
 * with a wrong secret, on another device's topic, with bad readings, and when it tries to subscribe.
 */
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { formatDateTime } from '../../core/time.ts';
import { brokerPort } from './index.ts';
import { rawHistory } from './test-helpers.ts';

let t: TestApp;
let port: number;
let secret: string;
const NOW = Date.now();
const at = (msAgo: number) => Math.floor((NOW - msAgo) / 60_000) * 60_000 + 23_000;
const clients: MqttClient[] = [];

/** a port nothing listens on right now */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

beforeAll(async () => {
  t = await bootTestApp({ mqttPort: await freePort(), mqttHost: '127.0.0.1' });
  port = brokerPort(t.app.ctx) as number;
  expect(port).toBeGreaterThan(0);
  await t.signIn();
  const res = await t.post('/api/swp-iot/device/credential', undefined, { deviceCode: 'FM-DMA01' });
  secret = res.json().data.secret;
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => {});
  await t?.close();
});

function connect(username: string, password: string) {
  return mqtt
    .connectAsync(`mqtt://127.0.0.1:${port}`, {
      username,
      password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    })
    .then((c) => {
      clients.push(c);
      return c;
    });
}

const TOPIC = 'swp/000000/FM-DMA01/telemetry';

async function status() {
  const res = await t.get('/api/swp-iot/device/status', { deviceCodes: 'FM-DMA01' });
  return res.json().data[0];
}

/** station `stcd`'s `field` readings within a second of `ts` */
const history = (ts: number, field = 'flow', stcd = 'LL001') => rawHistory(t, stcd, field, ts, 1000);

describe('embedded MQTT broker', () => {
  it('stores a QoS 1 reading before acknowledging it', async () => {
    const c = await connect('FM-DMA01@000000', secret);
    const ts = at(3 * 60_000);
    await c.publishAsync(TOPIC, JSON.stringify({ ts, values: { flow: 321.5, pressure: 0.333 } }), { qos: 1 });
    const time = formatDateTime(new Date(ts));
    expect(await history(ts)).toEqual([{ time, value: 321.5 }]);
    expect(await history(ts, 'pressure')).toEqual([{ time, value: 0.333 }]);
    // an array in one message, with the utility's local time
    const ts2 = at(4 * 60_000);
    await c.publishAsync(TOPIC, JSON.stringify([{ ts: formatDateTime(new Date(ts2)), values: { flow: 300 } }]), {
      qos: 1,
    });
    expect(await history(ts2)).toEqual([{ time: formatDateTime(new Date(ts2)), value: 300 }]);
    const st = await status();
    expect(st).toMatchObject({ lastSource: 'mqtt', online: true, messages: 2, points: 3 });
  });

  it('acknowledges but refuses (and counts) bad readings, storing nothing of them', async () => {
    const c = await connect('FM-DMA01@000000', secret);
    const ts = at(5 * 60_000);
    await c.publishAsync(TOPIC, JSON.stringify({ ts, values: { flow: 1, chlorine: 1 } }), { qos: 1 });
    await c.publishAsync(TOPIC, JSON.stringify({ ts, values: { flow: 'high' } }), { qos: 1 });
    await c.publishAsync(TOPIC, 'not json', { qos: 1 });
    expect(await history(ts)).toEqual([]);
    const by = Object.fromEntries((await status()).refusals.map((r: any) => [r.reason, r.count]));
    expect(by).toMatchObject({ field: 1, value: 1, payload: 1 });
  });

  it('refuses a wrong secret and an unknown device at connect', async () => {
    await expect(connect('FM-DMA01@000000', 'wrong')).rejects.toThrow(/Bad username or password/i);
    await expect(connect('NOPE@000000', 'x')).rejects.toThrow(/Bad username or password/i);
    await expect(connect('no-tenant', 'x')).rejects.toThrow(/Bad username or password/i);
    const by = Object.fromEntries((await status()).refusals.map((r: any) => [r.reason, r.count]));
    expect(by.auth).toBe(1);
  });

  it('closes the connection of a device publishing to another device topic, counted', async () => {
    const c = await connect('FM-DMA01@000000', secret);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    const ts = at(6 * 60_000);
    c.publish('swp/000000/FM-DMA02/telemetry', JSON.stringify({ ts, values: { flow: 5 } }), { qos: 1 });
    await closed;
    const by = Object.fromEntries((await status()).refusals.map((r: any) => [r.reason, r.count]));
    expect(by.topic).toBe(1);
    expect(await history(ts, 'flow', 'LL002')).toEqual([]);
  });

  it('refuses subscriptions', async () => {
    const c = await connect('FM-DMA01@000000', secret);
    const granted = await c.subscribeAsync('swp/#', { qos: 1 }).catch(() => [{ qos: 128 }]);
    expect(granted.map((g) => g.qos)).toEqual([128]);
  });
});
