/**
 * External-broker mode against Mosquitto (MQTT_URL=mqtt://127.0.0.1:1883; CI starts it when it is not running):
 * the instance takes the shared subscription with a persistent session, and a stream of QoS 1 readings survives
 * the subscriber dying mid-stream — what it had not acknowledged and what arrived while it was away are delivered
 * to its session when it comes back: 0 points lost.
 */
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootSecondInstance, bootTestApp, type TestApp } from '../../../test/harness.ts';
import { externalSubscriber, subscribeExternal, telemetryService } from './index.ts';

const URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

async function reachable(): Promise<boolean> {
  const u = new globalThis.URL(URL);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 1883) });
    s.setTimeout(2000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

const up = await reachable();
if (!up) console.warn(`[mosquitto.api.test] SKIPPED: no MQTT broker at ${URL} (start it: mosquitto -d)`);

let t: TestApp;
let second: TestApp | undefined;
let publisher: MqttClient;
const CLIENT_ID = `swp-test-${process.pid}-${Date.now()}`;
// a group of its own, so test runs sharing the broker do not split each other's streams
const GROUP = `swptest${process.pid}x${Date.now()}`;
const NOW = Date.now();
/** a millisecond offset of this run, so its reading times are its own */
const MS = 1 + (process.pid % 997);
const DEVICE = 'FM-YL003';
const TOPIC = `swp/000000/${DEVICE}/telemetry`;

beforeAll(async () => {
  if (!up) return;
  t = await bootTestApp({ mqttUrl: URL, mqttClientId: CLIENT_ID, mqttShareGroup: GROUP });
  await t.signIn();
  await externalSubscriber(t.app.ctx)?.ready;
  publisher = await mqtt.connectAsync(URL, { clientId: `${CLIENT_ID}-pub`, protocolVersion: 4, reconnectPeriod: 0 });
});
afterAll(async () => {
  await publisher?.endAsync(true).catch(() => {});
  if (t) {
    // the test's persistent session must not linger at the broker
    await t.close();
    await second?.close();
    const c = await mqtt.connectAsync(URL, { clientId: CLIENT_ID, clean: true, protocolVersion: 4 }).catch(() => null);
    await c?.endAsync().catch(() => {});
  }
});

/** how many of these exact times a station's pressure has (other runs on the broker stamp other milliseconds) */
async function stored(times: number[], stcd = 'YL003'): Promise<number> {
  const r = await t.app.ctx.database.pool.query<{ n: string }>(
    `select count(*) as n from swp_monitor_point p join swp_monitor_series s on s.id = p.series_id
       join swp_monitor_station st on st.id = s.station_id
      where st.stcd = $2 and s.field = 'pressure' and p.ts = any($1::timestamptz[])`,
    [times.map((x) => new Date(x).toISOString()), stcd],
  );
  return Number(r.rows[0].n);
}

/** waits (bounded) until all of these times are stored; returns how many are stored then */
async function settle(times: number[], stcd = 'YL003'): Promise<number> {
  let got = 0;
  for (let i = 0; i < 300; i++) {
    got = await stored(times, stcd);
    if (got >= times.length) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  return got;
}

describe.skipIf(!up)('external broker (Mosquitto), shared subscription', () => {
  it('stores readings that devices publish to the broker', async () => {
    const ts = Math.floor((NOW - 20 * 86_400_000) / 1000) * 1000 + MS;
    await publisher.publishAsync(TOPIC, JSON.stringify({ ts, values: { pressure: 0.301 } }), { qos: 1 });
    expect(await settle([ts])).toBe(1);
    // unknown devices are refused and counted, nothing stored
    await publisher.publishAsync('swp/000000/NOPE/telemetry', JSON.stringify({ ts, values: { pressure: 1 } }), {
      qos: 1,
    });
    const res = await t.get('/api/swp-iot/device/status', { deviceCodes: DEVICE });
    expect(res.json().data[0]).toMatchObject({ lastSource: 'mqtt' });
  });

  // two instances need one PostgreSQL (the embedded database serves one)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'splits the stream between two instances of the shared subscription',
    async () => {
      second = await bootSecondInstance(t, {
        mqttUrl: URL,
        mqttClientId: `${CLIENT_ID}-2`,
        mqttShareGroup: GROUP,
      });
      try {
        await externalSubscriber(second.app.ctx)?.ready;
        const two = second;
        const a0 = telemetryService(t.app.ctx).batcher.written;
        const b0 = telemetryService(two.app.ctx).batcher.written;
        const start = Math.floor((NOW - 22 * 86_400_000) / 60_000) * 60_000 + MS;
        const N = 100;
        // a device of its own (YL002's valve): the other tests' messages stay out of the counts
        for (let i = 0; i < N; i++) {
          await publisher.publishAsync(
            'swp/000000/FM-YL002/telemetry',
            JSON.stringify({ ts: start + i * 1000, values: { pressure: 0.31 } }),
            { qos: 1 },
          );
        }
        expect(
          await settle(
            Array.from({ length: N }, (_, i) => start + i * 1000),
            'YL002',
          ),
        ).toBe(N);
        const a = telemetryService(t.app.ctx).batcher.written - a0;
        const b = telemetryService(two.app.ctx).batcher.written - b0;
        // each message went to one of them, and both took a share
        expect(a + b).toBe(N);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
      } finally {
        // the second instance leaves the share (its app closes after the suite)
        if (second) await externalSubscriber(second.app.ctx)?.close();
        const c = await mqtt
          .connectAsync(URL, { clientId: `${CLIENT_ID}-2`, clean: true, protocolVersion: 4 })
          .catch(() => null);
        await c?.endAsync().catch(() => {});
      }
    },
  );

  it('loses no QoS 1 reading when the subscriber dies mid-stream and its session comes back', async () => {
    const start = Math.floor((NOW - 21 * 86_400_000) / 60_000) * 60_000 + MS;
    const N = 200;
    const msg = (i: number) => JSON.stringify({ ts: start + i * 1000, values: { pressure: 0.3 + i / 10_000 } });
    for (let i = 0; i < N / 2; i++) await publisher.publishAsync(TOPIC, msg(i), { qos: 1 });
    // the connection dies at once (no DISCONNECT, unacknowledged messages stay with the broker)
    const first = externalSubscriber(t.app.ctx);
    first?.client.end(true);
    for (let i = N / 2; i < N; i++) await publisher.publishAsync(TOPIC, msg(i), { qos: 1 });
    // the instance comes back with the same client id: its persistent session delivers the rest
    const again = subscribeExternal(telemetryService(t.app.ctx), URL, CLIENT_ID, GROUP);
    try {
      await again.ready;
      expect(await settle(Array.from({ length: N }, (_, i) => start + i * 1000))).toBe(N);
    } finally {
      await again.close();
    }
  });
});
