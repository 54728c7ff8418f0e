import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { type ApiScopeSeed, ensureScopes } from '../system/index.ts';
import { OFF, ON } from './common.ts';
import { oss, sms } from './schema.ts';
import { LOCAL_CATEGORY } from './storage.ts';

const TENANT = '000000';

const post = (menuCode: string, scopeName: string, scopePath: string, roles: string[] = []): ApiScopeSeed => ({
  menuCode,
  resourceCode: menuCode,
  scopeName,
  scopePath,
  scopeType: 3,
  roles,
});

/**
 * Who may change SMS and OSS configurations and attachments, and who may send text messages. Uploads
 * (`oss/endpoint/put-file`) and downloads stay open to every signed-in user; administrators pass every scope.
 */
export const RESOURCE_API_SCOPES: ApiScopeSeed[] = [
  ...['submit', 'remove', 'enable'].map((p) => post('sms', `短信配置维护 ${p}`, `/blade-resource/sms/${p}`)),
  post('sms', '短信发送', '/blade-resource/sms/endpoint/**', ['operator']),
  ...['submit', 'remove', 'enable'].map((p) => post('oss', `对象存储维护 ${p}`, `/blade-resource/oss/${p}`)),
  ...['submit', 'remove'].map((p) => post('attach', `附件维护 ${p}`, `/blade-resource/attach/${p}`)),
];

export async function seedResource(ctx: AppContext): Promise<void> {
  await ensureScopes(ctx, { api: RESOURCE_API_SCOPES });
  await ctx.db.transaction(async (tx) => {
    const ossRows = await tx
      .select({ code: oss.ossCode, status: oss.status, isDeleted: oss.isDeleted })
      .from(oss)
      .where(inTenant(oss, TENANT));
    if (!ossRows.some((r) => r.code === 'local')) {
      const anyOn = ossRows.some((r) => r.status === ON && r.isDeleted === 0);
      await tx.insert(oss).values({
        tenantId: TENANT,
        category: LOCAL_CATEGORY,
        ossCode: 'local',
        remark: '本地磁盘（DATA_DIR/files），按内容摘要存放',
        status: anyOn ? OFF : ON,
      });
    }
    const smsRows = await tx
      .select({ code: sms.smsCode, status: sms.status, isDeleted: sms.isDeleted })
      .from(sms)
      .where(inTenant(sms, TENANT));
    let anyOn = smsRows.some((r) => r.status === ON && r.isDeleted === 0);
    const seeds = [
      {
        category: 3,
        smsCode: 'outage-notice',
        templateId: 'SMS_WATER_OUTAGE',
        signName: '合肥水务',
        regionId: 'cn-hangzhou',
        remark: '停水、降压通知短信',
      },
      {
        category: 4,
        smsCode: 'alarm-notice',
        templateId: 'SMS_PIPE_ALARM',
        signName: '合肥水务',
        regionId: 'ap-guangzhou',
        remark: '管网告警短信（值班人员）',
      },
    ];
    for (const s of seeds) {
      if (smsRows.some((r) => r.code === s.smsCode)) continue;
      await tx.insert(sms).values({ tenantId: TENANT, ...s, status: anyOn ? OFF : ON });
      anyOn = true;
    }
  });
}
