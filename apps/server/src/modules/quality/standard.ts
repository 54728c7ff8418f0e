/**
 * The routine (常规) indicators of GB 5749-2022 《生活饮用水卫生标准》 (tables 1 and 2, in force 2023-04-01) with
 * their limits, seeded for every utility and then editable (docs/quality.md). Disinfectants have one limit leaving
 * the plant (出厂水) and one in the network (末梢水). Conductivity is not a GB 5749 indicator: online analysers that
 * report it need a limit the utility sets itself.
 */
import type { LimitKind } from './limits.ts';

export interface StandardIndicator {
  code: string;
  name: string;
  nameEn: string;
  category: 'microbial' | 'toxicological' | 'sensory' | 'radioactive' | 'disinfectant';
  unit: string;
  kind: LimitKind;
  pointKind: 'all' | 'plant' | 'network';
  minValue: number | null;
  maxValue: number | null;
  monitorField?: string;
  remark?: string;
}

const max = (
  code: string,
  name: string,
  nameEn: string,
  category: StandardIndicator['category'],
  unit: string,
  maxValue: number,
  extra: Partial<StandardIndicator> = {},
): StandardIndicator => ({
  code,
  name,
  nameEn,
  category,
  unit,
  kind: 'max',
  pointKind: 'all',
  minValue: null,
  maxValue,
  ...extra,
});
const absent = (code: string, name: string, nameEn: string, category: StandardIndicator['category'], unit: string) =>
  ({ code, name, nameEn, category, unit, kind: 'absent', pointKind: 'all', minValue: null, maxValue: null }) as const;

/**
 * A disinfectant of table 2: two rows of one code, a range leaving the plant (出厂水) and a least residual in the
 * network (末梢水); `note` follows both remarks (the disinfection it applies to).
 */
const disinfectant = (
  code: string,
  name: string,
  nameEn: string,
  [plantMin, plantMax]: [number, number],
  networkMin: number,
  note = '',
  monitor: Pick<StandardIndicator, 'monitorField'> = {},
): StandardIndicator[] => {
  const at = (
    pointKind: 'plant' | 'network',
    kind: LimitKind,
    minValue: number,
    maxValue: number | null,
    where: string,
  ): StandardIndicator => ({
    code,
    name,
    nameEn,
    category: 'disinfectant',
    unit: 'mg/L',
    kind,
    pointKind,
    minValue,
    maxValue,
    ...monitor,
    remark: `${where}${note}`,
  });
  return [at('plant', 'range', plantMin, plantMax, '出厂水'), at('network', 'min', networkMin, null, '末梢水')];
};

export const GB5749_ROUTINE: StandardIndicator[] = [
  // 微生物指标
  absent('total_coliform', '总大肠菌群', 'Total coliforms', 'microbial', 'MPN/100mL'),
  absent('e_coli', '大肠埃希氏菌', 'E. coli', 'microbial', 'MPN/100mL'),
  max('colony_count', '菌落总数', 'Colony count', 'microbial', 'CFU/mL', 100),
  // 毒理指标
  max('arsenic', '砷', 'Arsenic', 'toxicological', 'mg/L', 0.01),
  max('cadmium', '镉', 'Cadmium', 'toxicological', 'mg/L', 0.005),
  max('chromium6', '铬（六价）', 'Chromium (VI)', 'toxicological', 'mg/L', 0.05),
  max('lead', '铅', 'Lead', 'toxicological', 'mg/L', 0.01),
  max('mercury', '汞', 'Mercury', 'toxicological', 'mg/L', 0.001),
  max('cyanide', '氰化物', 'Cyanide', 'toxicological', 'mg/L', 0.05),
  max('fluoride', '氟化物', 'Fluoride', 'toxicological', 'mg/L', 1.0),
  max('nitrate', '硝酸盐（以N计）', 'Nitrate (as N)', 'toxicological', 'mg/L', 10),
  max('chloroform', '三氯甲烷', 'Chloroform', 'toxicological', 'mg/L', 0.06),
  max('dbcm', '一氯二溴甲烷', 'Dibromochloromethane', 'toxicological', 'mg/L', 0.1),
  max('bdcm', '二氯一溴甲烷', 'Bromodichloromethane', 'toxicological', 'mg/L', 0.06),
  max('bromoform', '三溴甲烷', 'Bromoform', 'toxicological', 'mg/L', 0.1),
  max('thm_ratio', '三卤甲烷', 'Trihalomethanes', 'toxicological', '', 1, {
    remark: '各组分实测浓度与其限值的比值之和不超过1',
  }),
  max('dcaa', '二氯乙酸', 'Dichloroacetic acid', 'toxicological', 'mg/L', 0.05),
  max('tcaa', '三氯乙酸', 'Trichloroacetic acid', 'toxicological', 'mg/L', 0.1),
  max('bromate', '溴酸盐', 'Bromate', 'toxicological', 'mg/L', 0.01),
  max('chlorite', '亚氯酸盐', 'Chlorite', 'toxicological', 'mg/L', 0.7),
  max('chlorate', '氯酸盐', 'Chlorate', 'toxicological', 'mg/L', 0.7),
  // 感官性状和一般化学指标
  max('colour', '色度', 'Colour', 'sensory', '度', 15, { remark: '铂钴色度单位' }),
  max('turbidity', '浑浊度', 'Turbidity', 'sensory', 'NTU', 1, {
    monitorField: 'turbidity',
    remark: '小型集中式供水和分散式供水因水源与净水技术受限时按3 NTU执行',
  }),
  absent('odour', '臭和味', 'Odour and taste', 'sensory', '级'),
  absent('visible_matter', '肉眼可见物', 'Visible matter', 'sensory', ''),
  {
    code: 'ph',
    name: 'pH',
    nameEn: 'pH',
    category: 'sensory',
    unit: '',
    kind: 'range',
    pointKind: 'all',
    minValue: 6.5,
    maxValue: 8.5,
    monitorField: 'ph',
  },
  max('aluminium', '铝', 'Aluminium', 'sensory', 'mg/L', 0.2),
  max('iron', '铁', 'Iron', 'sensory', 'mg/L', 0.3),
  max('manganese', '锰', 'Manganese', 'sensory', 'mg/L', 0.1),
  max('copper', '铜', 'Copper', 'sensory', 'mg/L', 1.0),
  max('zinc', '锌', 'Zinc', 'sensory', 'mg/L', 1.0),
  max('chloride', '氯化物', 'Chloride', 'sensory', 'mg/L', 250),
  max('sulfate', '硫酸盐', 'Sulfate', 'sensory', 'mg/L', 250),
  max('tds', '溶解性总固体', 'Total dissolved solids', 'sensory', 'mg/L', 1000),
  max('hardness', '总硬度（以CaCO₃计）', 'Total hardness (as CaCO₃)', 'sensory', 'mg/L', 450),
  max('cod_mn', '高锰酸盐指数（以O₂计）', 'Permanganate index (as O₂)', 'sensory', 'mg/L', 3),
  max('ammonia', '氨（以N计）', 'Ammonia (as N)', 'sensory', 'mg/L', 0.5),
  // 放射性指标（指导值）
  max('gross_alpha', '总α放射性', 'Gross alpha', 'radioactive', 'Bq/L', 0.5, { remark: '指导值' }),
  max('gross_beta', '总β放射性', 'Gross beta', 'radioactive', 'Bq/L', 1, { remark: '指导值' }),
  // 消毒剂常规指标（表2）：出厂水限值与末梢水余量
  ...disinfectant('free_chlorine', '游离氯', 'Free chlorine', [0.3, 2], 0.05, '', { monitorField: 'chlorine' }),
  ...disinfectant('total_chlorine', '总氯', 'Total chlorine', [0.5, 3], 0.05, '（氯胺消毒）'),
];
