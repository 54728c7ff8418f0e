/**
 * Keeps base_authorize free of grants that can no longer mean anything: the administration families call these
 * inside their remove transactions (roles, posts and users as holders; menus, buttons and data scopes as items).
 * Other modules reach it through system/index.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import { authorize, roleMenu, roleScope } from './schema.ts';

export type GrantHolder = 'Role' | 'Position' | 'User';

/** Drops every grant held by these roles, posts or users (ids are unique across tenants). */
export async function dropGrantsOfHolders(tx: Tx, type: GrantHolder, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(authorize).where(and(eq(authorize.objectType, type), inArray(authorize.objectId, ids)));
}

/** Everything hung on removed roles: their menus, their data/API scopes and their grants. */
export async function dropRoleLinks(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(roleMenu).where(inArray(roleMenu.roleId, ids));
  await tx.delete(roleScope).where(inArray(roleScope.roleId, ids));
  await dropGrantsOfHolders(tx, 'Role', ids);
}

/** Drops every grant of these menus and buttons (module, button) or data scopes (resource), in every tenant. */
export async function dropGrantsOfItems(tx: Tx, kind: 'menu' | 'resource', ids: string[]): Promise<void> {
  if (!ids.length) return;
  const types = kind === 'menu' ? ['module', 'button'] : ['resource'];
  await tx.delete(authorize).where(and(inArray(authorize.itemType, types), inArray(authorize.itemId, ids)));
}

/** Drops the roles' links to removed data scopes (category 1) or API scopes (category 2). */
export async function dropRoleScopesOf(tx: Tx, category: number, scopeIds: string[]): Promise<void> {
  await tx.delete(roleScope).where(and(eq(roleScope.scopeCategory, category), inArray(roleScope.scopeId, scopeIds)));
}
