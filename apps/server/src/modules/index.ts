import type { ServerModule } from '../core/module.ts';
import { authModule } from './auth/index.ts';
import { billingModule } from './billing/index.ts';
import { dataserviceModule } from './dataservice/index.ts';
import { deskModule } from './desk/index.ts';
import { healthModule } from './health/index.ts';
import { logModule } from './log/index.ts';
import { messageModule } from './message/index.ts';
import { monitorModule } from './monitor/index.ts';
import { permissionModule } from './permission/index.ts';
import { resourceModule } from './resource/index.ts';
import { systemModule } from './system/index.ts';
import { userModule } from './user/index.ts';

/** Every service family, in start order (seeds run in this order too). */
export const modules: ServerModule[] = [
  healthModule,
  systemModule,
  deskModule,
  resourceModule,
  dataserviceModule,
  authModule,
  userModule,
  permissionModule,
  logModule,
  messageModule,
  monitorModule,
  billingModule,
];
