/**
 * Code generation settings (`/blade-develop/code`, BladeX `blade_code`): what to generate from — a table of a data
 * source (`datasourceId` + `tableName`) or an online module (`moduleId`) — under which module name and title.
 */
import { varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, remark } from '../../core/columns.ts';

export const devCode = businessTable('dev_code', {
  /** 模块名 (snake_case: the module folder, menu code and route) */
  codeName: varchar('code_name', { length: 64 }).notNull(),
  /** 标题 (the screen's name) */
  serviceName: varchar('service_name', { length: 64 }).notNull(),
  /** data source ('0' = own database) and table, or … */
  datasourceId: idType('datasource_id'),
  tableName: varchar('table_name', { length: 128 }),
  /** … an online module */
  moduleId: idType('module_id'),
  /** prefix stripped from the table name for the generated names (e.g. `swp_`) */
  tablePrefix: varchar('table_prefix', { length: 32 }),
  ...remark(),
});
