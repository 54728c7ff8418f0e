/** The people on duty (holders of the alarm list screen) and ringing their bell when an alarm opens. */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { MESSAGE_TYPES, sendMessage } from '../message/index.ts';
import { menu, roleMenu, user as userTable } from '../system/index.ts';
import { ALARM_MENU, type RaiseInput } from './types.ts';

type Ctx = Pick<AppContext, 'db' | 'live'>;

/** Users of the tenant whose roles hold the alarm list screen (administrators included). */
export async function onDutyUsers(ctx: Pick<AppContext, 'db'>, tenantId: string): Promise<string[]> {
  const roles = await ctx.db
    .selectDistinct({ roleId: roleMenu.roleId })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(eq(menu.code, ALARM_MENU), eq(menu.isDeleted, 0)));
  if (!roles.length) return [];
  const ids = roles.map((r) => r.roleId);
  const users = await ctx.db
    .select({ id: userTable.id })
    .from(userTable)
    .where(
      liveInTenant(
        userTable,
        tenantId,
        eq(userTable.status, 1),
        sql`string_to_array(${userTable.roleId}, ',') && ${sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`}`,
      ),
    );
  return users.map((u) => u.id);
}

export async function notifyOnDuty(ctx: Ctx, input: RaiseInput, alarmId: string) {
  try {
    const userIds = await onDutyUsers(ctx, input.tenantId);
    if (!userIds.length) return;
    const base = {
      tenantId: input.tenantId,
      userIds,
      messageType: MESSAGE_TYPES.ALARM,
      title: input.title,
      content: input.content,
      bizType: 'alarm',
      bizId: alarmId,
      sendTime: new Date(),
    };
    try {
      await sendMessage(ctx, input.configCode ? { ...base, configCode: input.configCode } : base);
    } catch {
      // the tenant has no such message config: still ring the bell
      await sendMessage(ctx, base);
    }
  } catch (err) {
    console.error('[alarm] bell notification failed:', err);
  }
}
