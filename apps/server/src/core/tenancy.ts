/**
 * Tenancy rules shared by every module: the platform tenant `000000` and its administrator, who manages the
 * platform-wide tables (tenants, packages, clients, menus, system dictionaries, data and API scopes) and may read
 * another tenant's organisation data by naming it (`tenantId` query parameter on reads).
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from './envelope.ts';
import type { AuthUser } from './gate.ts';

export const PLATFORM_TENANT = '000000';

/** An administrator of the platform tenant (not of any other tenant). */
export function isPlatformAdmin(user: AuthUser | undefined): boolean {
  return !!user && user.isAdmin && user.tenantId === PLATFORM_TENANT;
}

/** Refuses (403 无权访问) anyone but the platform tenant's administrator. */
export function requirePlatformAdmin(req: FastifyRequest): void {
  if (!isPlatformAdmin(req.user)) throw forbidden();
}

/**
 * The tenant whose rows a read returns: the caller's own, or — for the platform administrator only — the tenant
 * named by a `tenantId` query parameter. Anyone else naming a tenant still reads their own.
 */
export function readTenantOf(req: FastifyRequest, q?: Record<string, unknown>): string {
  const named = q?.tenantId;
  if (typeof named === 'string' && /^\w{1,12}$/.test(named) && isPlatformAdmin(req.user)) return named;
  return req.tenantId;
}
