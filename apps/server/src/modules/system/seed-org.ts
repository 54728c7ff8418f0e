/**
 * The demo tenants and who works in them: tenant 000000 (合肥水务集团), 100001 (isolation) and the expired
 * 100002; their package, clients, roles, departments, posts and users. Data only: seed.ts writes it.
 */
export const PACKAGE_NAME = '标准套餐';

export interface TenantSeed {
  tenantId: string;
  tenantName: string;
  linkman: string;
  contactNumber: string;
  address: string;
  expireTime: Date | null;
  usesPackage: boolean;
}

export const TENANTS: TenantSeed[] = [
  {
    tenantId: '000000',
    tenantName: '管理组',
    linkman: '王建华',
    contactNumber: '0551-62881001',
    address: '安徽省合肥市蜀山区长江西路 888 号',
    expireTime: null,
    usesPackage: false,
  },
  {
    tenantId: '100001',
    tenantName: '肥西县供水有限公司',
    linkman: '刘志强',
    contactNumber: '0551-68851234',
    address: '安徽省合肥市肥西县上派镇金寨南路 126 号',
    expireTime: new Date('2035-12-31T23:59:59+08:00'),
    usesPackage: true,
  },
  {
    tenantId: '100002',
    tenantName: '长丰县自来水有限公司',
    linkman: '周海涛',
    contactNumber: '0551-66781020',
    address: '安徽省合肥市长丰县水湖镇长丰路 58 号',
    expireTime: new Date('2024-12-31T23:59:59+08:00'),
    usesPackage: true,
  },
];

export const CLIENTS = [
  { clientId: 'saber', secret: 'saber_secret' },
  { clientId: 'sword', secret: 'sword_secret' },
  { clientId: 'swp_web', secret: 'swp_web_secret' },
];

export const ROLES = [
  { roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
  { roleName: '运营人员', roleAlias: 'operator', sort: 2 },
  { roleName: '巡检人员', roleAlias: 'patrol', sort: 3 },
  { roleName: '审计员', roleAlias: 'auditor', sort: 4 },
];

export interface DeptSeed {
  name: string;
  fullName?: string;
  category: 1 | 2 | 3;
  remark?: string;
  children?: DeptSeed[];
}

export const DEPTS: Record<string, DeptSeed> = {
  '000000': {
    name: '合肥水务集团',
    fullName: '合肥水务集团有限公司',
    category: 1,
    children: [
      { name: '综合管理部', category: 2, remark: '行政、人事与信息化' },
      {
        name: '供水分公司',
        fullName: '合肥水务集团供水分公司',
        category: 2,
        children: [
          { name: '第四水厂运行班', category: 3, remark: '董铺水库取水，日供水 30 万吨' },
          { name: '第六水厂运行班', category: 3 },
          { name: '加压泵站运维班', category: 3 },
        ],
      },
      {
        name: '管网分公司',
        fullName: '合肥水务集团管网分公司',
        category: 2,
        children: [
          { name: '管网巡检一班', category: 3, remark: '蜀山区、包河区' },
          { name: '管网巡检二班', category: 3, remark: '庐阳区、瑶海区' },
          { name: '管网抢修班', category: 3 },
        ],
      },
      {
        name: '调度中心',
        fullName: '合肥水务集团供水调度中心',
        category: 2,
        children: [
          { name: '调度值班组', category: 3 },
          { name: '监测数据组', category: 3 },
        ],
      },
    ],
  },
  '100001': {
    name: '肥西县供水有限公司',
    category: 1,
    children: [
      { name: '营业所', category: 2 },
      { name: '管网所', category: 2 },
    ],
  },
  '100002': { name: '长丰县自来水有限公司', category: 1, children: [{ name: '综合科', category: 2 }] },
};

export const POSTS: Record<string, { code: string; name: string; category: number }[]> = {
  '000000': [
    { code: 'ceo', name: '总经理', category: 1 },
    { code: 'manager', name: '部门经理', category: 2 },
    { code: 'dispatcher', name: '调度员', category: 3 },
    { code: 'inspector', name: '管网巡检员', category: 3 },
    { code: 'operator', name: '运行工', category: 3 },
    { code: 'auditor', name: '审计专员', category: 3 },
  ],
  '100001': [
    { code: 'manager', name: '经理', category: 2 },
    { code: 'staff', name: '职员', category: 3 },
  ],
  '100002': [{ code: 'manager', name: '经理', category: 2 }],
};

export interface UserSeed {
  tenantId: string;
  account: string;
  password: string;
  code: string;
  name: string;
  realName: string;
  email: string;
  phone: string;
  sex: number;
  depts: string[];
  roles: string[];
  posts: string[];
}

export const USERS: UserSeed[] = [
  {
    tenantId: '000000',
    account: 'admin',
    password: 'admin',
    code: 'HF0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@hfwater.example.com',
    phone: '13855100001',
    sex: 1,
    depts: ['综合管理部', '调度中心'],
    roles: ['administrator', 'operator'],
    posts: ['ceo'],
  },
  {
    tenantId: '000000',
    account: 'operator',
    password: 'operator',
    code: 'HF0102',
    name: '李明',
    realName: '李明',
    email: 'liming@hfwater.example.com',
    phone: '13855100002',
    sex: 1,
    depts: ['调度值班组'],
    roles: ['operator'],
    posts: ['dispatcher'],
  },
  {
    tenantId: '000000',
    account: 'patrol',
    password: 'patrol',
    code: 'HF0203',
    name: '张伟',
    realName: '张伟',
    email: 'zhangwei@hfwater.example.com',
    phone: '13855100003',
    sex: 1,
    depts: ['管网巡检一班'],
    roles: ['patrol'],
    posts: ['inspector'],
  },
  {
    tenantId: '000000',
    account: 'auditor',
    password: 'auditor',
    code: 'HF0304',
    name: '陈静',
    realName: '陈静',
    email: 'chenjing@hfwater.example.com',
    phone: '13855100004',
    sex: 2,
    depts: ['综合管理部'],
    roles: ['auditor'],
    posts: ['auditor'],
  },
  {
    tenantId: '100001',
    account: 'admin',
    password: 'admin',
    code: 'FX0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@fxwater.example.com',
    phone: '13966100001',
    sex: 1,
    depts: ['肥西县供水有限公司'],
    roles: ['administrator'],
    posts: ['manager'],
  },
  {
    tenantId: '100002',
    account: 'admin',
    password: 'admin',
    code: 'CF0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@cfwater.example.com',
    phone: '13966200001',
    sex: 1,
    depts: ['长丰县自来水有限公司'],
    roles: ['administrator'],
    posts: ['manager'],
  },
];

/** [code, name, 'key=value|key=value|…'] */
