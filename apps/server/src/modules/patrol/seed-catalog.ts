/** The patrol catalog every tenant starts with: patrol types and what they inspect, the access rule index. */
import { eq } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { tenant } from '../system/index.ts';
import { FACILITY_NAME, FACILITY_TYPES } from './catalog.ts';
import { accessRuleIndex, patrolType, patrolTypeObject } from './schema.ts';

const TYPES = [
  {
    typeCode: 'routine',
    typeName: '日常巡检',
    remark: '沿固定路线每日巡查管线及附属设施',
    facilities: ['pipe', 'valve', 'hydrant', 'meter'],
  },
  {
    typeCode: 'special',
    typeName: '专项巡检',
    remark: '施工工地看护、泵站等重点设施的专项检查',
    facilities: ['construction', 'pump_station', 'valve'],
  },
  {
    typeCode: 'emergency',
    typeName: '应急巡检',
    remark: '暴雨、爆管等突发情况下的临时巡查',
    facilities: ['pipe', 'valve'],
  },
];

export const RULES = [
  {
    indexCode: 'coverage',
    indexName: '巡检覆盖率',
    weight: 60,
    standard: 100,
    description: '已签到对象数 / 计划对象数，达到标准值得满分',
  },
  {
    indexCode: 'punctuality',
    indexName: '任务准时率',
    weight: 30,
    standard: 30,
    description: '在周期结束后宽限分钟内完成的任务占应完成任务的比例',
  },
  {
    indexCode: 'hazard',
    indexName: '隐患发现率',
    weight: 10,
    standard: 5,
    description: '每百个任务上报隐患数，达到标准值得满分',
  },
];

export async function seedCatalog(tx: Tx): Promise<void> {
  const tenants = (await tx.select({ id: tenant.tenantId }).from(tenant).where(eq(tenant.isDeleted, 0))).map(
    (t) => t.id,
  );
  const withTypes = new Set((await tx.selectDistinct({ t: patrolType.tenantId }).from(patrolType)).map((r) => r.t));
  for (const t of tenants.filter((x) => !withTypes.has(x))) {
    for (const [i, ty] of TYPES.entries()) {
      const id = newId();
      await tx
        .insert(patrolType)
        .values({ id, tenantId: t, typeCode: ty.typeCode, typeName: ty.typeName, sort: i + 1, remark: ty.remark });
      await tx.insert(patrolTypeObject).values(
        ty.facilities.map((f, k) => ({
          id: newId(),
          tenantId: t,
          typeId: id,
          facilityType: f,
          objectName: FACILITY_NAME[f],
          checkItems: (FACILITY_TYPES.find((x) => x.code === f)?.items ?? []).join('\n'),
          sort: k + 1,
        })),
      );
    }
    await tx
      .insert(accessRuleIndex)
      .values(RULES.map((r, i) => ({ id: newId(), tenantId: t, ...r, sort: i + 1 })))
      .onConflictDoNothing();
  }
}
