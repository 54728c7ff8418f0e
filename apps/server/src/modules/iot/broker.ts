/**
 * The embedded MQTT broker (aedes over TCP), the default when no MQTT_URL is set. Devices sign in as
 * `{deviceCode}@{tenantId}` with their secret, may publish only to their own topic, and may not subscribe.
 * A QoS 1 message is acknowledged (aedes sends PUBACK after `authorizePublish` answers) only once its readings are
 * committed; a refused message is acknowledged too (counted, nothing stored), so a device does not resend a message
 * that can never be stored; a publish to another device's topic closes the connection (MQTT 3.1.1 has no refusal
 * code for it).
 */
import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { Telemetry } from './telemetry.ts';
import { type DeviceKey, parseTopic, parseUsername, REFUSALS, Refusal } from './wire.ts';

const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(code: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

export interface EmbeddedBroker {
  port: number;
  close(): Promise<void>;
}

export async function startBroker(telemetry: Telemetry, port: number, host: string): Promise<EmbeddedBroker> {
  const devices = new WeakMap<object, DeviceKey>();
  const broker = new Aedes({
    id: 'swp',
    authenticate(client, username, password, done) {
      const k = parseUsername(username);
      if (!k) return done(authError(BAD_USERNAME_OR_PASSWORD, '用户名应为 {deviceCode}@{tenantId}'), false);
      telemetry.authenticate(k, password?.toString('utf8') ?? '').then(
        (entry) => {
          devices.set(client, { tenantId: entry.tenantId, deviceCode: entry.deviceCode });
          done(null, true);
        },
        (e) =>
          done(
            authError(e instanceof Refusal ? BAD_USERNAME_OR_PASSWORD : 3, e instanceof Error ? e.message : 'error'),
            false,
          ),
      );
    },
    authorizeSubscribe(_client, _sub, done) {
      done(authError(NOT_AUTHORIZED, '设备不能订阅'), null);
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null); // the broker's own messages ($SYS)
      const k = devices.get(client);
      if (!k) return done(new Error('not signed in'));
      const target = parseTopic(packet.topic);
      if (!target || target.tenantId !== k.tenantId || target.deviceCode !== k.deviceCode) {
        telemetry.refuse(k, true, new Refusal('topic', `${REFUSALS.topic}: ${packet.topic.slice(0, 100)}`));
        return done(new Error('topic not allowed'));
      }
      telemetry
        .device(k)
        .then((entry) => telemetry.accept(entry, 'mqtt', packet.payload as Buffer))
        .then(
          () => done(null),
          (e) => {
            // refused (counted): acknowledged and dropped; a database failure: no ack, the device sends it again
            if (e instanceof Refusal) done(null);
            else done(e instanceof Error ? e : new Error(String(e)));
          },
        );
    },
  });
  await broker.listen();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as net.AddressInfo).port;
  return {
    port: bound,
    async close() {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
