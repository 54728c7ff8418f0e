/** The shapes of the resource factory (core/resource.ts): what a definition declares and what it yields. */
import type { Column, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Grant } from '../gate.ts';
import type { AppContext } from '../module.ts';
import type { pageOf } from '../query.ts';

export type RouteName = 'list' | 'page' | 'detail' | 'submit' | 'remove' | 'tree' | 'lazy-tree' | 'select';
export type Row = Record<string, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface HookContext {
  req: FastifyRequest;
  ctx: AppContext;
  tx: Tx;
  isNew: boolean;
  /** the stored row before an update */
  existing?: Row;
}

export interface ResourceDef {
  /** resource code, used for data scopes and logs */
  code: string;
  /** route base without /api, e.g. `/blade-system/param` */
  base: string;
  table: PgTable;
  /** key column when it is not `id` (e.g. a region's `code`) */
  idField?: string;
  /**
   * zod shape of the writable fields of `submit` (audit fields are the factory's). The id is optional and numeric
   * unless the shape declares its own `id` (e.g. one that reads an empty id as absent); it is never written.
   */
  input: z.ZodRawShape;
  /**
   * How a refused body reads: `field` (default) as the error handler words a zod issue (`参数校验失败: field: …`,
   * `缺少必要的请求参数: field`), `message` the first issue's own message (families whose forms show it as is).
   */
  validation?: 'field' | 'message';
  /** what `submit` answers: no data (`done`, default) or the saved row as list and detail present it (`row`) */
  reply?: { submit?: 'done' | 'row' };
  /** the refusal when a row to update or remove is not visible (default 数据不存在或无权操作) */
  messages?: { missing?: string };
  /**
   * How `remove` treats ids the caller cannot see: they refuse the whole call (`refuse`, default) or are passed over
   * (`skip`: a list another user may have pruned a moment ago, where removing what is left is what was meant). What
   * it answers: no data (`done`, default, with `message(n)` as its text when given) or `{ removed: n }` (`count`).
   */
  removal?: { missing?: 'refuse' | 'skip'; reply?: 'done' | 'count'; message?: (removed: number) => string };
  /**
   * Who may call the generated routes (core/gate.ts `Grant`): `read` for list, page, detail, tree, lazy-tree and
   * select; `submit` for inserts and updates; `remove` for removals. Typically the screen's menu code (and those of
   * the screens that pick from it) for reads and its buttons for writes. `pick` (default `read`) grants tree,
   * lazy-tree and select: the pickers other screens' forms use, often `'signed-in'`. `detail` (default `read`)
   * grants the detail alone, where more screens open one row than list the family (e.g. a plan opened from a task).
   */
  grant: { read: Grant; submit: Grant; remove: Grant; pick?: Grant; detail?: Grant };
  routes?: RouteName[];
  /** a route's last path segment where the family's contract names it otherwise (e.g. `{ submit: 'save' }`) */
  paths?: Partial<Record<RouteName, string>>;
  /**
   * A page's size when the query names none (default 10) and the most it may ask for (default MAX_PAGE_SIZE): for
   * families whose pickers read them whole (e.g. the objects a patrol plan may visit)
   */
  pageSize?: { default?: number; max?: number };
  /** `list` answers a page (default) or every visible row (`all`, sorted) or a tree of rows (`tree`) */
  listMode?: 'page' | 'all' | 'tree';
  /** rows belong to a tenant (default: the table has a tenantId column) */
  tenant?: boolean;
  /** apply the user's data scope (default: the table has createUser) */
  dataScope?: boolean;
  /** columns never returned and never filtered on */
  hidden?: string[];
  unique?: { fields: string[]; message: string }[];
  /** default order when no ascs/descs is given */
  order?: (cols: Map<string, Column>) => SQL[];
  /** `root`: the parent value of top-level rows (default '0') */
  tree?: { parentField?: string; titleField: string; valueField?: string; root?: string };
  /** query keys the hooks handle (not filters) */
  params?: string[];
  hooks?: {
    /** extra conditions from `params` keys */
    where?(
      q: Record<string, unknown>,
      req: FastifyRequest,
      ctx: AppContext,
    ): SQL | undefined | Promise<SQL | undefined>;
    /** validate or complete a row before it is written (throw badRequest to refuse) */
    beforeSave?(data: Row, h: HookContext): void | Promise<void>;
    afterSave?(row: Row, h: HookContext): void | Promise<void>;
    beforeRemove?(rows: Row[], h: Omit<HookContext, 'isNew'>): void | Promise<void>;
    afterRemove?(rows: Row[], h: Omit<HookContext, 'isNew'>): void | Promise<void>;
    /** after the transaction of a save or remove committed (e.g. tell other instances to drop caches) */
    committed?(op: 'save' | 'remove', rows: Row[], req: FastifyRequest, ctx: AppContext): void | Promise<void>;
    /** add display fields (names of related rows) to outgoing rows */
    decorate?(rows: Row[], req: FastifyRequest, ctx: AppContext): Row[] | Promise<Row[]>;
    /** complete the one decorated row `detail` answers with what a page does not carry (e.g. a plan's audit history) */
    detail?(row: Row, req: FastifyRequest, ctx: AppContext): Row | Promise<Row>;
  };
}

export interface SaveExtra {
  afterSave?(row: Row, h: HookContext): void | Promise<void>;
}

export interface Resource {
  def: ResourceDef;
  routes(app: FastifyInstance, ctx: AppContext): void;
  /** conditions every read applies: soft delete, tenant (the platform administrator may name one in `q`), data scope */
  visibility(req: FastifyRequest, q?: Record<string, unknown>): Promise<SQL[]>;
  /** visibility plus the query's filters and the `where` hook: what list, page and exports apply */
  conditions(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>): Promise<SQL[]>;
  findVisible(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<Row[]>;
  /** the rows of `ids`, every one visible, else the refusal of a missing row (`messages.missing`, as remove) */
  allVisible(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<Row[]>;
  /** every visible row matching the query and `extra` conditions (at most 10 000), sorted and decorated */
  all(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>, extra?: SQL[]): Promise<Row[]>;
  /** the visible children of one parent (`parentId` or the tree's parent field in `q`), each with `hasChildren` */
  lazy(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>, extra?: SQL[]): Promise<Row[]>;
  /** rows as a tree: entity fields plus `children`, or tree nodes (`id, parentId, title, value, key, hasChildren`) */
  treeOf(rows: Row[], asNodes: boolean): Row[];
  /** decorates and strips hidden fields of rows read by hand */
  present(rows: Row[], req: FastifyRequest, ctx: AppContext): Promise<Row[]>;
  page(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>): Promise<ReturnType<typeof pageOf<Row>>>;
  /** what the detail route answers for the query (`null` when no visible row matches), e.g. after a hand-written write */
  detail(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>): Promise<Row | null>;
  /** `extra.afterSave` runs in the same transaction, after the resource's own hook (per-call follow-up writes) */
  save(ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra): Promise<Row>;
  remove(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<number>;
}
