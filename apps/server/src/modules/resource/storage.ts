/**
 * Where uploaded files live. A `FileStorage` stores an object under a key from a finished temp file and reads it
 * back; the local disk (`DATA_DIR/files`) is the default and the only one built in. An S3-compatible bucket is a
 * second implementation of the same interface (see docs/api-notes.md, "Files"), registered for the OSS categories
 * it serves with `registerStorage`.
 *
 * Keys are content-addressed: `ab/cd/<sha-256 of the bytes><.ext>`. The client's file name is never part of a
 * path; it is kept on the attachment row (originalName) and sent back only in Content-Disposition.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';

export interface ObjectMeta {
  size: number;
  contentType: string;
}

export interface FileStorage {
  /** stored on the attachment row (`storage`), so reads find the right store later */
  readonly kind: string;
  /**
   * Moves a complete temp file into the store under `key`; the temp file is gone afterwards. Returns false when
   * the key existed already (same content: nothing new was stored).
   */
  put(tempFile: string, key: string, meta: ObjectMeta): Promise<boolean>;
  /** the object's bytes, or undefined when it is missing */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

/** A key this module writes: two fan-out folders, the hash, an optional lower-case extension. */
export const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}(\.[a-z0-9]{1,16})?$/;

export function keyOf(sha256: string, ext: string): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}${ext}`;
}

/** Files under `root` (DATA_DIR/files); keys are checked against KEY_PATTERN and resolved inside the root only. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw badRequest('文件标识无效');
    const p = path.resolve(this.root, key);
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw badRequest('文件标识无效');
    return p;
  }

  async put(tempFile: string, key: string): Promise<boolean> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.access(target);
      await fs.rm(tempFile, { force: true });
      return false;
    } catch {
      await fs.rename(tempFile, target);
      return true;
    }
  }

  async open(key: string) {
    const p = this.pathOf(key);
    try {
      const st = await fs.stat(p);
      if (!st.isFile()) return undefined;
      return { stream: createReadStream(p), size: st.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

/** The folder of files being received; on the same disk as the local store, so a finished file is moved, not copied. */
export function tempDirOf(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.dataDir, 'files', '.tmp');
}

export function localStorageOf(ctx: Pick<AppContext, 'config'>): LocalStorage {
  return new LocalStorage(path.join(ctx.config.dataDir, 'files'));
}

/** What an OSS configuration row offers a storage factory. */
export interface OssConfig {
  id: string;
  tenantId: string;
  category: number;
  ossCode: string;
  endpoint: string | null;
  accessKey: string | null;
  secretKey: string | null;
  bucketName: string | null;
  appId: string | null;
  region: string | null;
}

/** dict `oss` key of the local disk */
export const LOCAL_CATEGORY = 1;

type StorageFactory = (ctx: AppContext, config: OssConfig | undefined) => FileStorage;
const factories = new Map<number, StorageFactory>([[LOCAL_CATEGORY, (ctx) => localStorageOf(ctx)]]);
const byKind = new Map<string, (ctx: AppContext) => FileStorage>([['local', (ctx) => localStorageOf(ctx)]]);

/**
 * Adds a storage for OSS categories (e.g. an S3-compatible bucket for MinIO, 阿里云, 腾讯云). `reader` opens the
 * objects of that kind for downloads, whatever configuration is enabled at the time.
 */
export function registerStorage(
  kind: string,
  categories: number[],
  make: StorageFactory,
  reader: (ctx: AppContext) => FileStorage,
) {
  for (const c of categories) factories.set(c, make);
  byKind.set(kind, reader);
}

export function supportsCategory(category: number): boolean {
  return factories.has(category);
}

/** The storage uploads go to: the enabled configuration's, or the local disk when none is enabled. */
export function storageFor(ctx: AppContext, config: OssConfig | undefined, categoryName?: string): FileStorage {
  if (!config) return localStorageOf(ctx);
  const make = factories.get(config.category);
  if (!make) throw badRequest(`暂不支持该对象存储类型: ${categoryName ?? config.category}，请启用本地存储配置`);
  return make(ctx, config);
}

/** The storage that holds objects of `kind` (the attachment row's `storage`). */
export function storageOfKind(ctx: AppContext, kind: string): FileStorage | undefined {
  return byKind.get(kind)?.(ctx);
}
