/** The 水质管理 area's menus (top menu `water-quality`): screens for operators and auditors, buttons for operators. */
import type { MenuItem } from '../system/index.ts';

const button = (code: string, name: string, i18n: string, sort: number, action: 0 | 1 | 2) => ({
  code,
  name,
  i18n,
  alias: code.split('_').pop(),
  path: `/quality/${code}`,
  sort,
  category: 2 as const,
  action,
  roles: ['operator'],
});
const crud = (menu: string) => [
  button(`${menu}_add`, '新增', 'button.add', 1, 0),
  button(`${menu}_edit`, '修改', 'button.edit', 2, 1),
  button(`${menu}_delete`, '删除', 'button.delete', 3, 1),
];

/** Menus that read indicators and points (the pickers of the other screens). */
export const QUALITY_READ = [
  'quality_indicator',
  'quality_point',
  'quality_online',
  'quality_compliance',
  'quality_plan',
  'quality_task',
  'quality_result',
  'quality_report',
];

export const QUALITY_MENUS: MenuItem[] = [
  {
    code: 'quality',
    name: '水质管理',
    i18n: 'menu.quality.index',
    path: '/quality',
    source: 'ExperimentOutlined',
    sort: 1,
    topMenuCodes: ['water-quality'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'quality_online',
        name: '在线监测',
        i18n: 'menu.quality.online',
        path: '/quality/online',
        source: 'DashboardOutlined',
        sort: 1,
      },
      {
        code: 'quality_compliance',
        name: '合格率统计',
        i18n: 'menu.quality.compliance',
        path: '/quality/compliance',
        source: 'LineChartOutlined',
        sort: 2,
      },
      {
        code: 'quality_indicator',
        name: '指标限值',
        i18n: 'menu.quality.indicator',
        path: '/quality/indicator',
        source: 'ProfileOutlined',
        sort: 3,
        children: crud('quality_indicator'),
      },
      {
        code: 'quality_point',
        name: '水质点位',
        i18n: 'menu.quality.point',
        path: '/quality/point',
        source: 'EnvironmentOutlined',
        sort: 4,
        children: crud('quality_point'),
      },
      {
        code: 'quality_plan',
        name: '采样计划',
        i18n: 'menu.quality.plan',
        path: '/quality/plan',
        source: 'ScheduleOutlined',
        sort: 5,
        children: [
          ...crud('quality_plan'),
          button('quality_plan_generate', '生成任务', 'button.qualityGenerate', 4, 0),
        ],
      },
      {
        code: 'quality_task',
        name: '采样任务',
        i18n: 'menu.quality.task',
        path: '/quality/task',
        source: 'CarryOutOutlined',
        sort: 6,
      },
      {
        code: 'quality_result',
        name: '化验结果',
        i18n: 'menu.quality.result',
        path: '/quality/result',
        source: 'ExperimentOutlined',
        sort: 7,
        children: [...crud('quality_result'), button('quality_result_import', '导入', 'button.import', 4, 0)],
      },
      {
        code: 'quality_report',
        name: '水质月报',
        i18n: 'menu.quality.report',
        path: '/quality/report',
        source: 'FileExcelOutlined',
        sort: 8,
      },
    ],
  },
];
