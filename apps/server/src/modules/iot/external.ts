/**
 * External-broker mode (MQTT_URL, e.g. Mosquitto or EMQX): every instance subscribes to
 * `$share/swp/swp/+/+/telemetry` (the group: SWP_MQTT_SHARE_GROUP) at QoS 1, so the broker splits the stream between the instances and none is a single
 * point of failure. Each instance keeps a persistent session (clean: false, a stable client id), and acknowledges a
 * message (mqtt.js `handleMessage`) only once its readings are committed: a message the broker handed over is
 * stored even if the instance dies meanwhile — the broker delivers it again when the session comes back, or to
 * another instance of the share. The broker authenticates devices and guards the topics (docs/iot.md); the server
 * still refuses unknown devices and bad readings, counted per device.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { Telemetry } from './telemetry.ts';
import { parseTopic, Refusal } from './wire.ts';

/** the shared subscription of a group (default `swp`): `$share/swp/swp/+/+/telemetry` */
export const sharedTopic = (group = 'swp') => `$share/${group}/swp/+/+/telemetry`;
const RETRY_MS = 1000;

export interface ExternalSubscriber {
  client: MqttClient;
  /** resolves at the first granted subscription */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function subscribeExternal(
  telemetry: Telemetry,
  url: string,
  clientId: string,
  group = 'swp',
): ExternalSubscriber {
  const topic = sharedTopic(group);
  let closing = false;
  const client = mqtt.connect(url, {
    clientId,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  client.on('connect', () => {
    // a resumed session keeps its subscription; subscribing again is harmless and covers a lost one
    client.subscribe(topic, { qos: 1 }, (err, granted) => {
      if (err || granted?.[0]?.qos === 128) {
        if (!closing) console.error('[iot] subscribe failed:', err?.message ?? 'refused by the broker');
      } else onReady();
    });
  });
  client.on('error', (err) => {
    if (!closing) console.error('[iot] broker:', err.message);
  });
  client.handleMessage = (packet, done) => {
    const k = parseTopic(packet.topic);
    if (!k) return done(); // not ours: acknowledged and dropped
    const attempt = () => {
      telemetry
        .device(k)
        .then((entry) => telemetry.accept(entry, 'mqtt', packet.payload as Buffer))
        .then(
          () => done(),
          (e) => {
            if (e instanceof Refusal) return done(); // counted; a message that can never be stored is not kept
            // the database is away: keep the message unacknowledged and try again (a restart redelivers it)
            if (closing) return;
            console.error('[iot] ingest failed, retrying:', e instanceof Error ? e.message : e);
            setTimeout(attempt, RETRY_MS).unref();
          },
        );
    };
    attempt();
  };
  return {
    client,
    ready,
    async close() {
      closing = true;
      await client.endAsync(false).catch(() => {});
    },
  };
}
