import type { ServerModule } from '../core/module.ts';
import { alarmModule } from './alarm/index.ts';
import { appModule } from './app/index.ts';
import { authModule } from './auth/index.ts';
import { billingModule } from './billing/index.ts';
import { businessModule } from './business/index.ts';
import { customerModule } from './customer/index.ts';
import { dataserviceModule } from './dataservice/index.ts';
import { datasourceModule } from './datasource/index.ts';
import { deskModule } from './desk/index.ts';
import { developModule } from './develop/index.ts';
import { deviceModule } from './device/index.ts';
import { dispatchModule } from './dispatch/index.ts';
import { dmaModule } from './dma/index.ts';
import { gisModule } from './gis/index.ts';
import { healthModule } from './health/index.ts';
import { hydraulicModule } from './hydraulic/index.ts';
import { iotModule } from './iot/index.ts';
import { locationModule } from './location/index.ts';
import { logModule } from './log/index.ts';
import { lowcodeModule } from './lowcode/index.ts';
import { messageModule } from './message/index.ts';
import { monitorModule } from './monitor/index.ts';
import { patrolModule } from './patrol/index.ts';
import { permissionModule } from './permission/index.ts';
import { qualityModule } from './quality/index.ts';
import { resourceModule } from './resource/index.ts';
import { screenModule } from './screen/index.ts';
import { systemModule } from './system/index.ts';
import { userModule } from './user/index.ts';
import { workflowModule } from './workflow/index.ts';

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
  gisModule,
  deviceModule,
  iotModule,
  alarmModule,
  billingModule,
  customerModule,
  lowcodeModule,
  datasourceModule,
  businessModule,
  developModule,
  patrolModule,
  locationModule,
  workflowModule,
  dmaModule,
  qualityModule,
  hydraulicModule,
  dispatchModule,
  screenModule,
  appModule,
];
