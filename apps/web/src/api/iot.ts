/**
 * Typed calls of `/api/swp-iot` (device telemetry, issue 18): issue a device's secret (shown once) and read the
 * devices' contact records (last contact, online, counts, refusals by reason). Shapes follow
 * `apps/server/src/modules/iot/credential.ts`.
 */
import { http } from './http';

const B = '/api/swp-iot';

export interface IssuedCredential {
  deviceCode: string;
  tenantId: string;
  /** the MQTT user name and HTTP Basic user: `{deviceCode}@{tenantId}` */
  username: string;
  /** shown once; the server keeps only its hash */
  secret: string;
  topic: string;
  issuedAt: string;
}

export interface Refusal {
  reason: string;
  name: string;
  count: number;
}

export interface DeviceTelemetry {
  deviceCode: string;
  username: string;
  topic: string;
  credentialIssued: boolean;
  credentialIssuedAt: string | null;
  lastContact: string | null;
  lastSource: 'mqtt' | 'http' | null;
  online: boolean;
  messages: number;
  points: number;
  refusals: Refusal[];
  refusedTotal: number;
  lastRefusal: string | null;
  lastRefusalAt: string | null;
}

export const iotApi = {
  issueCredential: (deviceCode: string) =>
    http.post<IssuedCredential>(`${B}/device/credential`, undefined, { params: { deviceCode } }),
  status: (deviceCodes: string[]) =>
    http.get<DeviceTelemetry[]>(`${B}/device/status`, { deviceCodes: deviceCodes.join(',') }),
};
