/**
 * Where the phone is: one `watchPosition` while the app is open, the latest fix for check-ins, and, while a task
 * is in progress (on duty), the fixes batched into the location service every `interval` seconds (the tenant's
 * setting). Reports made offline stay in the batch (up to 500, the ingest limit) and go with the next send.
 */
import { APP_VERSION, type ApiError, call, deviceId } from './api';

export interface Fix {
  lon: number;
  lat: number;
  accuracy: number;
  speed: number | null;
  ts: number;
}

let latest: Fix | null = null;
let watch: number | undefined;
const subs = new Set<(f: Fix | null) => void>();
let batch: Fix[] = [];
let timer: number | undefined;
let onDuty = false;

export const latestFix = () => latest;
export function onFix(l: (f: Fix | null) => void) {
  subs.add(l);
  return () => subs.delete(l);
}

/** A browser position as a fix, stamped now. */
const fixOf = (p: GeolocationPosition): Fix => ({
  lon: p.coords.longitude,
  lat: p.coords.latitude,
  accuracy: p.coords.accuracy,
  speed: p.coords.speed,
  ts: Date.now(),
});

export function startWatching() {
  if (watch !== undefined || !('geolocation' in navigator)) return;
  watch = navigator.geolocation.watchPosition(
    (p) => {
      latest = fixOf(p);
      if (onDuty) {
        batch.push(latest);
        if (batch.length > 500) batch = batch.slice(-500);
      }
      for (const s of subs) s(latest);
    },
    () => {
      /* no permission or no fix yet: check-ins go without a position and the screen says so */
    },
    { enableHighAccuracy: true, maximumAge: 5000 },
  );
}

/** Asks once for a fresh fix (a check-in wants the position of now, not of the last watch callback). */
export function currentFix(): Promise<Fix | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(latest);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => {
        latest = fixOf(p);
        for (const s of subs) s(latest);
        resolve(latest);
      },
      () => resolve(latest),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 5000 },
    ),
  );
}

/** On duty: report every `intervalSec`; off duty: stop (what is batched still goes). */
export function setDuty(on: boolean, intervalSec: number) {
  onDuty = on;
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  if (on) {
    if (latest) batch.push({ ...latest, ts: Date.now() });
    timer = window.setInterval(() => void sendBatch(), Math.max(5, intervalSec) * 1000);
  }
  void sendBatch();
}

export async function sendBatch() {
  if (!batch.length) return;
  const positions = batch.map((f) => ({
    lon: f.lon,
    lat: f.lat,
    ts: f.ts,
    accuracy: Math.min(10_000, Math.round(f.accuracy)),
    ...(f.speed != null && f.speed >= 0 && f.speed <= 100 ? { speed: f.speed } : {}),
  }));
  const sent = batch.length;
  try {
    await call('POST', '/api/swp-pipeops-location/position/report', { positions });
    batch = batch.slice(sent);
    await call('POST', '/api/swp-app/device/hello', { deviceId: deviceId(), appVersion: APP_VERSION });
  } catch (e) {
    // offline: keep them for the next send; refused (out of range, too old): drop that batch
    if (!(e as ApiError).network) batch = batch.slice(sent);
  }
}
