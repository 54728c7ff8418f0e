/** The OAuth clients sign-in accepts (enabled, not deleted), by client id. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { client } from '../system/index.ts';
import { csv } from './issue.ts';
import type { ClientRow } from './types.ts';

export async function loadClients(db: AppContext['db']): Promise<Map<string, ClientRow>> {
  const rows = await db
    .select()
    .from(client)
    .where(and(eq(client.isDeleted, 0), eq(client.status, 1)));
  return new Map<string, ClientRow>(
    rows.map((r) => [
      r.clientId,
      {
        clientId: r.clientId,
        accessTokenValidity: r.accessTokenValidity,
        refreshTokenValidity: r.refreshTokenValidity,
        secretHash: r.clientSecret.toLowerCase(),
        grantTypes: csv(r.authorizedGrantTypes),
      },
    ]),
  );
}
