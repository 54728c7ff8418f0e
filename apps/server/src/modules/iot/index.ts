/**
 * Device telemetry (issue 18): MQTT — an embedded broker by default, or a shared subscription on an external broker
 * (MQTT_URL) — and HTTP, one ingest path into the monitoring store (modules/monitor), device credentials, and
 * per-device contact and refusal counts. docs/iot.md describes the wire.
 */
import type { AppContext, ServerModule } from '../../core/module.ts';
import { type EmbeddedBroker, startBroker } from './broker.ts';
import { type ExternalSubscriber, subscribeExternal } from './external.ts';
import { iotRoutes } from './routes.ts';
import { Telemetry } from './telemetry.ts';

export { sharedTopic, subscribeExternal } from './external.ts';
export { REFUSALS, type RefusalReason } from './wire.ts';

interface Running {
  telemetry: Telemetry;
  broker?: EmbeddedBroker;
  external?: ExternalSubscriber;
}
const running = new Map<AppContext, Running>();

function telemetryOf(ctx: AppContext): Telemetry {
  let r = running.get(ctx);
  if (!r) {
    r = { telemetry: new Telemetry(ctx) };
    running.set(ctx, r);
  }
  return r.telemetry;
}

/** The embedded broker's port in this process (tests, bench), when it runs. */
export function brokerPort(ctx: AppContext): number | undefined {
  return running.get(ctx)?.broker?.port;
}

/** The external-broker subscriber of an app (MQTT_URL), when it runs. */
export function externalSubscriber(ctx: AppContext): ExternalSubscriber | undefined {
  return running.get(ctx)?.external;
}

/** The telemetry service of an app (bench and tests read its counters). */
export function telemetryService(ctx: AppContext): Telemetry {
  return telemetryOf(ctx);
}

export const iotModule: ServerModule = {
  name: 'iot',
  uses: ['device', 'monitor'],
  async init(ctx) {
    const t = telemetryOf(ctx);
    const r = running.get(ctx) as Running;
    const { mqttUrl, mqttPort, mqttHost, mqttClientId, mqttShareGroup } = ctx.config;
    if (mqttUrl) {
      // every instance subscribes: the broker splits the shared subscription's stream between them
      r.external = subscribeExternal(t, mqttUrl, mqttClientId, mqttShareGroup);
    } else if (mqttPort !== null) {
      try {
        r.broker = await startBroker(t, mqttPort, mqttHost);
        if (ctx.config.logLevel !== 'silent') console.log(`MQTT broker listening on ${mqttHost}:${r.broker.port}`);
      } catch (err) {
        // the console still serves (and HTTP telemetry still works); the operator sees why MQTT does not
        console.error(
          `[iot] the embedded MQTT broker could not listen on ${mqttHost}:${mqttPort} (${(err as Error).message}); ` +
            'set SWP_MQTT_PORT to a free port, MQTT_URL to use an external broker, or SWP_MQTT_PORT=off',
        );
      }
    }
  },
  routes: (app, ctx) => iotRoutes(app, ctx, () => telemetryOf(ctx)),
  async stop() {
    const all = [...running.values()];
    running.clear();
    for (const r of all) {
      await r.external?.close();
      await r.broker?.close();
      await r.telemetry.close();
    }
  },
};
