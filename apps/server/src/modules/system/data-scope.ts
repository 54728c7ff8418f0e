/**
 * The data-scope provider (core/scope.ts): the data scopes a user holds whose resource code matches become
 * ScopeRules — 1 all, 2 own rows, 3 own departments, 4 own departments and every department below them (by
 * `ancestors`), 5 a custom rule in the safe expression language. A user holds the data scopes granted to their
 * roles (blade_role_scope category 1) and the JNPF `resource` grants (base_authorize, permission module) of their
 * roles, their posts and themselves in their own tenant; all of them widen each other.
 * Role grants are cached per role set, JNPF grants per tenant (by holder), departments-below per department set;
 * every cache is dropped on every instance when grants, scopes or departments change (`invalidateDataScopes`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { type DataScopeProvider, type ScopeRule, setDataScopeProvider } from '../../core/scope.ts';
import { inTenant } from '../../core/scoped.ts';
import { deptIdsBelow } from './dept-subtree.ts';
import { authorize, roleScope, scopeData } from './schema.ts';

/** Live topic: role grants, data scopes or departments changed. */
export const SCOPE_CHANGED_TOPIC = 'system.scope.changed';

export const SCOPE_CATEGORY_DATA = 1;
export const SCOPE_CATEGORY_API = 2;

/** Data-scope types (blade_scope_data.scope_type). */
export const SCOPE_TYPES = { all: 1, own: 2, ownDept: 3, ownDeptAndBelow: 4, custom: 5 } as const;

interface GrantedScope {
  id: string;
  resourceCode: string;
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
}

const MAX_ENTRIES = 2000;

/** The load kept under `key`, started on a miss; a failed one is forgotten, and a full cache starts over. */
function kept<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key);
  if (!p) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** Scopes by resource code. */
type ScopesByResource = Map<string, GrantedScope[]>;

function addScope(out: ScopesByResource, s: GrantedScope) {
  const list = out.get(s.resourceCode);
  if (list) list.push(s);
  else out.set(s.resourceCode, [s]);
}

export class SystemDataScopes implements DataScopeProvider {
  private grants = new Map<string, Promise<ScopesByResource>>();
  /** per tenant: JNPF resource grants by holder (`Role|id`, `Position|id`, `User|id`) */
  private holders = new Map<string, Promise<Map<string, ScopesByResource>>>();
  private below = new Map<string, Promise<string[]>>();

  constructor(private ctx: Pick<AppContext, 'db'>) {}

  clear() {
    this.grants.clear();
    this.holders.clear();
    this.below.clear();
  }

  /** The data scopes of `resourceCode` the user holds through roles and JNPF grants, each once. */
  async scopesOf(user: AuthUser, resourceCode: string): Promise<GrantedScope[]> {
    const fromRoles = user.roleIds.length ? ((await this.grantsOf(user.roleIds)).get(resourceCode) ?? []) : [];
    const byHolder = await this.holderGrants(user.tenantId);
    if (!byHolder.size) return fromRoles;
    const keys = [
      ...user.roleIds.map((id) => `Role|${id}`),
      ...(user.postId ? user.postId.split(',').filter(Boolean) : []).map((id) => `Position|${id}`),
      `User|${user.userId}`,
    ];
    let out = fromRoles;
    for (const k of keys) {
      const more = byHolder.get(k)?.get(resourceCode);
      if (!more?.length) continue;
      if (out === fromRoles) out = [...fromRoles];
      for (const s of more) if (!out.some((x) => x.id === s.id)) out.push(s);
    }
    return out;
  }

  async rulesFor(user: AuthUser, resourceCode: string): Promise<ScopeRule[] | undefined> {
    const scopes = await this.scopesOf(user, resourceCode);
    if (!scopes.length) return undefined;
    const ownDepts = user.deptIds.length ? user.deptIds : user.deptId ? [user.deptId] : [];
    const rules: ScopeRule[] = [];
    for (const s of scopes) {
      const column = s.scopeColumn?.trim() || undefined;
      switch (s.scopeType) {
        case SCOPE_TYPES.all:
          return [{ kind: 'all' }];
        case SCOPE_TYPES.own:
          rules.push({ kind: 'own', column: column ?? 'createUser' });
          break;
        case SCOPE_TYPES.ownDept:
          rules.push({ kind: 'depts', deptIds: ownDepts, column: column ?? 'createDept' });
          break;
        case SCOPE_TYPES.ownDeptAndBelow:
          rules.push({
            kind: 'depts',
            deptIds: await this.deptsBelow(user.tenantId, ownDepts),
            column: column ?? 'createDept',
          });
          break;
        case SCOPE_TYPES.custom:
          // an empty rule grants nothing (rules are validated when saved)
          if (s.scopeValue?.trim()) rules.push({ kind: 'custom', expression: s.scopeValue });
          else rules.push({ kind: 'depts', deptIds: [] });
          break;
        default:
          rules.push({ kind: 'depts', deptIds: [] }); // unknown type: fail closed
      }
    }
    return rules;
  }

  private grantsOf(roleIds: string[]): Promise<ScopesByResource> {
    const key = [...roleIds].sort().join(',');
    return kept(this.grants, key, () => this.loadGrants(roleIds));
  }

  private async loadGrants(roleIds: string[]): Promise<ScopesByResource> {
    const rows = await this.ctx.db
      .selectDistinct({
        id: scopeData.id,
        resourceCode: scopeData.resourceCode,
        scopeType: scopeData.scopeType,
        scopeColumn: scopeData.scopeColumn,
        scopeValue: scopeData.scopeValue,
      })
      .from(roleScope)
      .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
      .where(
        and(
          eq(roleScope.scopeCategory, SCOPE_CATEGORY_DATA),
          inArray(roleScope.roleId, roleIds),
          eq(scopeData.isDeleted, 0),
          eq(scopeData.status, 1),
        ),
      );
    const out: ScopesByResource = new Map();
    for (const r of rows) addScope(out, r);
    return out;
  }

  /** The JNPF resource grants of one tenant (live, enabled data scopes only), by holder. */
  private holderGrants(tenantId: string): Promise<Map<string, ScopesByResource>> {
    return kept(this.holders, tenantId, () => this.loadHolderGrants(tenantId));
  }

  private async loadHolderGrants(tenantId: string): Promise<Map<string, ScopesByResource>> {
    const rows = await this.ctx.db
      .select({
        objectType: authorize.objectType,
        objectId: authorize.objectId,
        id: scopeData.id,
        resourceCode: scopeData.resourceCode,
        scopeType: scopeData.scopeType,
        scopeColumn: scopeData.scopeColumn,
        scopeValue: scopeData.scopeValue,
      })
      .from(authorize)
      .innerJoin(scopeData, sql`${scopeData.id}::text = ${authorize.itemId}`)
      .where(
        inTenant(
          authorize,
          tenantId,
          eq(authorize.itemType, 'resource'),
          eq(scopeData.isDeleted, 0),
          eq(scopeData.status, 1),
        ),
      );
    const out = new Map<string, ScopesByResource>();
    for (const { objectType, objectId, ...scope } of rows) {
      const key = `${objectType}|${objectId}`;
      const m = out.get(key) ?? new Map<string, GrantedScope[]>();
      if (!out.has(key)) out.set(key, m);
      addScope(m, scope);
    }
    return out;
  }

  /** The departments themselves and every department below them, in one tenant. */
  deptsBelow(tenantId: string, deptIds: string[]): Promise<string[]> {
    if (!deptIds.length) return Promise.resolve([]);
    const key = `${tenantId}:${[...deptIds].sort().join(',')}`;
    return kept(this.below, key, () => deptIdsBelow(this.ctx.db, tenantId, deptIds));
  }
}

let provider: SystemDataScopes | undefined;

/** Registers the provider with core and drops its caches whenever grants, scopes or departments change. */
export function installDataScopes(ctx: AppContext): SystemDataScopes {
  provider = new SystemDataScopes(ctx);
  setDataScopeProvider(provider);
  const p = provider;
  ctx.live.on(SCOPE_CHANGED_TOPIC, () => p.clear());
  return p;
}

/** Tells every instance that grants, data scopes or departments changed (call after the transaction commits). */
export async function invalidateDataScopes(ctx: Pick<AppContext, 'live'>): Promise<void> {
  provider?.clear();
  await ctx.live.publish({ topic: SCOPE_CHANGED_TOPIC });
}
