/** The 水质管理 area's menus (top menu `water-quality`): screens for operators and auditors, buttons for operators. */
import { areaButtons, type MenuItem, screenEntry } from '../system/index.ts';

const { button, crud } = areaButtons('/quality', ['operator']);

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
    ...screenEntry('quality', '水质管理', 'menu.quality.index', '/quality', 'ExperimentOutlined', 1, [
      screenEntry('quality_online', '在线监测', 'menu.quality.online', '/quality/online', 'DashboardOutlined', 1),
      screenEntry(
        'quality_compliance',
        '合格率统计',
        'menu.quality.compliance',
        '/quality/compliance',
        'LineChartOutlined',
        2,
      ),
      screenEntry(
        'quality_indicator',
        '指标限值',
        'menu.quality.indicator',
        '/quality/indicator',
        'ProfileOutlined',
        3,
        crud('quality_indicator'),
      ),
      screenEntry(
        'quality_point',
        '水质点位',
        'menu.quality.point',
        '/quality/point',
        'EnvironmentOutlined',
        4,
        crud('quality_point'),
      ),
      screenEntry('quality_plan', '采样计划', 'menu.quality.plan', '/quality/plan', 'ScheduleOutlined', 5, [
        ...crud('quality_plan'),
        button('quality_plan_generate', '生成任务', 'button.qualityGenerate', 4, 0),
      ]),
      screenEntry('quality_task', '采样任务', 'menu.quality.task', '/quality/task', 'CarryOutOutlined', 6),
      screenEntry('quality_result', '化验结果', 'menu.quality.result', '/quality/result', 'ExperimentOutlined', 7, [
        ...crud('quality_result'),
        button('quality_result_import', '导入', 'button.import', 4, 0),
      ]),
      screenEntry('quality_report', '水质月报', 'menu.quality.report', '/quality/report', 'FileExcelOutlined', 8),
    ]),
    topMenuCodes: ['water-quality'],
    roles: ['operator', 'auditor'],
  },
];
