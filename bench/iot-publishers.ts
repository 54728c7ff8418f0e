/**
 * The simulated devices of `bench/iot.ts`, in a process of their own (the server's side keeps its cores): N MQTT
 * clients, each publishing one QoS 1 message a second with 20 values for `seconds` seconds, spread over the second.
 * Reports to the parent: messages acknowledged, refused or failed, and the publish-to-acknowledgement times (the
 * embedded broker acknowledges only after the readings are committed, so this bounds ingest-to-query).
 */
import mqtt, { type MqttClient } from 'mqtt';

interface Job {
  port: number;
  devices: string[];
  secret: string;
  seconds: number;
  fields: string[];
  /** epoch ms of the first second the devices stamp */
  start: number;
}

const job = await new Promise<Job>((resolve) => process.once('message', (m) => resolve(m as Job)));
const clients: MqttClient[] = [];
// connect in waves: each sign-in costs the server one argon2 check
for (let i = 0; i < job.devices.length; i += 50) {
  const wave = job.devices.slice(i, i + 50).map((code) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${job.port}`, {
      username: `${code}@000000`,
      password: job.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 60_000,
      keepalive: 120,
    }),
  );
  clients.push(...(await Promise.all(wave)));
}
process.send?.({ type: 'connected' });
await new Promise<void>((resolve) => process.once('message', () => resolve()));

let acked = 0;
let failed = 0;
const latencies: number[] = [];
const pending: Promise<void>[] = [];
const t0 = Date.now();
const n = clients.length;
for (let s = 0; s < job.seconds; s++) {
  for (let i = 0; i < n; i++) {
    const due = t0 + s * 1000 + Math.floor((i * 1000) / n);
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const values: Record<string, number> = {};
    for (const [k, f] of job.fields.entries()) values[f] = Math.round((s * 7 + i * 3 + k) % 1000) / 10;
    const sent = performance.now();
    pending.push(
      clients[i]
        .publishAsync(`swp/000000/${job.devices[i]}/telemetry`, JSON.stringify({ ts: job.start + s * 1000, values }), {
          qos: 1,
        })
        .then(
          () => {
            acked++;
            latencies.push(performance.now() - sent);
          },
          () => {
            failed++;
          },
        ),
    );
  }
}
await Promise.all(pending);
const elapsed = Date.now() - t0;
await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
latencies.sort((a, b) => a - b);
// exit only once the report has left (a large message is still being written when send returns)
process.send?.({ type: 'done', acked, failed, elapsed, latencies }, () => process.exit(0));
