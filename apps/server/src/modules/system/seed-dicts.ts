/**
 * The demo dictionaries (system and business), the 15 business areas (top menus) of spec 1 §1 and the shell's own
 * menu entries. Data only: seed.ts writes it.
 */
import type { MenuItem } from './menus.ts';

export type DictSeed = [code: string, name: string, items: string];

export const itemsOf = (s: string) => s.split('|').map((kv) => kv.split('=') as [string, string]);

/** System dictionaries (platform-wide) the shell and the administration screens read. */
export const DICTS: DictSeed[] = [
  ['sex', '性别', '1=男|2=女|3=未知'],
  ['user_type', '用户平台', '1=WEB|2=APP|3=OTHER'],
  ['user_status', '用户状态', '1=正常|0=停用|2=待审核'],
  ['yes_no', '是否', '0=否|1=是'],
  ['status', '状态', '1=启用|0=停用'],
  ['dept_category', '机构类型', '1=公司|2=部门|3=小组'],
  ['post_category', '岗位类型', '1=高层|2=中层|3=基层|4=其他'],
  ['menu_category', '菜单类型', '1=菜单|2=按钮|3=低代码'],
  ['button_func', '按钮功能', '0=工具栏|1=操作栏|2=工具操作栏'],
  ['menu_open', '打开方式', '1=否|2=是'],
  ['data_scope_type', '数据权限', '1=全部可见|2=本人可见|3=所在机构可见|4=所在机构及子级可见|5=自定义'],
  ['api_scope_type', '接口权限', '1=全部接口|2=GET 查询|3=POST 提交|4=PUT 修改|5=DELETE 删除'],
  ['notice', '通知类型', '1=发布通知|2=批转通知|3=转发通知|4=指示通知|5=任命通知|6=停水通知|7=其他通知'],
  ['message_type', '消息类型', '1=系统通知|2=工单消息|3=告警消息|4=流程消息'],
  ['message_status', '消息状态', 'UN_READABLE=未读|READ=已读'],
  ['sms', '短信服务类型', '1=云片|2=七牛|3=阿里云|4=腾讯云'],
  ['oss', '对象存储类型', '1=本地|2=MinIO|3=七牛云|4=阿里云|5=腾讯云'],
  ['region_level', '行政区划等级', '1=省份|2=地市|3=区县|4=乡镇|5=村委'],
  // SpringBlade's code of the same levels: Saber's region form reads 区划等级 from dictionary?code=region
  ['region', '行政区划', '1=省份|2=地市|3=区县|4=乡镇|5=村委'],
  ['log_type', '日志类型', '1=常规日志|2=接口日志|3=错误日志'],
  ['tenant_mode', '租户模式', '0=关闭|1=开启'],
];

/** Business dictionaries of a water utility, per tenant. */
export const DICT_BIZ: DictSeed[] = [
  ['station_type', '测站类型', 'PP=雨量站|ZZ=河道水位站|RR=水库水文站|DD=堰闸水文站|TT=潮位站|ZQ=河道水文站'],
  ['pipe_material', '管材', 'DIP=球墨铸铁管|PE=PE 管|STEEL=钢管|PCCP=预应力钢筒混凝土管|PVC=PVC-U 管|GI=镀锌管'],
  ['pipe_caliber', '管径', 'DN100=DN100|DN150=DN150|DN200=DN200|DN300=DN300|DN500=DN500|DN800=DN800|DN1200=DN1200'],
  ['meter_caliber', '水表口径', 'DN15=DN15|DN20=DN20|DN25=DN25|DN50=DN50|DN100=DN100'],
  [
    'device_type',
    '设备类型',
    'FLOW=电磁流量计|PRESS=压力变送器|LEVEL=液位计|QUALITY=多参数水质仪|METER=智能水表|VALVE=电动阀门',
  ],
  ['alarm_level', '告警等级', '1=一级(紧急)|2=二级(重要)|3=三级(一般)'],
  ['patrol_type', '巡检类型', '1=日常巡检|2=专项巡检|3=应急巡检'],
  ['customer_type', '用水性质', '1=居民生活用水|2=非居民用水|3=特种行业用水|4=消防用水'],
  ['quality_index', '水质指标', 'TURB=浑浊度|CL=余氯|PH=pH 值|COND=电导率|TEMP=水温'],
  ['water_category', '用水类别', '1=居民生活用水|2=非居民用水|3=特种行业用水'],
];

/** The 15 business areas of spec 1 §1, in the spec's order. `source` names an Ant Design icon. */
export const TOP_MENUS = [
  { code: 'water-dispatch', name: '供水调度', i18n: 'topMenu.waterDispatch', source: 'ControlOutlined' },
  { code: 'dma', name: 'DMA分区', i18n: 'topMenu.dma', source: 'ClusterOutlined' },
  { code: 'app', name: '移动应用', i18n: 'topMenu.app', source: 'MobileOutlined' },
  { code: 'billing', name: '营业收费', i18n: 'topMenu.billing', source: 'AccountBookOutlined' },
  { code: 'big-screen', name: '大屏展示', i18n: 'topMenu.bigScreen', source: 'FundProjectionScreenOutlined' },
  { code: 'supply-monitoring', name: '供水监测', i18n: 'topMenu.supplyMonitoring', source: 'DashboardOutlined' },
  { code: 'basic-data', name: '基础数据', i18n: 'topMenu.basicData', source: 'DatabaseOutlined' },
  { code: 'hotline', name: '热线服务', i18n: 'topMenu.hotline', source: 'CustomerServiceOutlined' },
  { code: 'decision', name: '辅助决策', i18n: 'topMenu.decision', source: 'BulbOutlined' },
  { code: 'pipe-gis', name: '管网GIS', i18n: 'topMenu.pipeGis', source: 'GlobalOutlined' },
  { code: 'water-quality', name: '水质管理', i18n: 'topMenu.waterQuality', source: 'ExperimentOutlined' },
  { code: 'iot', name: '物联网', i18n: 'topMenu.iot', source: 'ApiOutlined' },
  { code: 'system', name: '系统管理', i18n: 'topMenu.system', source: 'SettingOutlined' },
  { code: 'operations', name: '运维管理', i18n: 'topMenu.operations', source: 'ToolOutlined' },
  { code: 'supervision', name: '行政监管', i18n: 'topMenu.supervision', source: 'AuditOutlined' },
];

/** The shell's own screens (spec 1 §2.1). 个人信息 is reachable from the avatar menu, hidden in the sidebar. */
export const SHELL_MENUS: MenuItem[] = [
  {
    code: 'desk',
    name: '工作台',
    i18n: 'menu.desk',
    path: '/wel',
    source: 'HomeOutlined',
    sort: 1,
    topMenuCodes: ['system'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      { code: 'desk_home', name: '首页', i18n: 'menu.wel.index', path: '/wel/index', source: 'HomeOutlined', sort: 1 },
      {
        code: 'desk_dashboard',
        name: '控制台',
        i18n: 'menu.wel.dashboard',
        path: '/wel/dashboard',
        source: 'DashboardOutlined',
        sort: 2,
        roles: ['operator', 'auditor'],
      },
      {
        code: 'desk_message',
        name: '消息中心',
        i18n: 'menu.message',
        path: '/message/index',
        source: 'BellOutlined',
        sort: 3,
      },
      {
        code: 'desk_info',
        name: '个人信息',
        i18n: 'menu.info',
        path: '/info/index',
        source: 'UserOutlined',
        sort: 4,
        propertyJson: { hidden: true },
      },
    ],
  },
];
