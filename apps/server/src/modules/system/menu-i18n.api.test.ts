/**
 * Complete English (issue 24 item 8): every seeded menu entry (screens and groups of every module, and the top
 * menus) carries an i18n key, and the web client has that key in both zh and en (the shell's strings and every
 * feature's `i18n.ts` with its JSON, resolved as `shell/translate.ts` does: the key itself, else `route.<key>`). Buttons are not
 * shown by name in the client (their labels come from the screens' own strings), so they are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { menu, topMenu } from './schema.ts';

type Tree = Record<string, unknown>;
const WEB = path.resolve(import.meta.dirname, '../../../../web/src');

async function webStrings(): Promise<{ zh: Tree; en: Tree }> {
  // the shell's strings are JSON data (i18n/zh.json, en.json); each area's `i18n.ts` exports its own `{ zh, en }`
  const shell = (lang: 'zh' | 'en') => JSON.parse(fs.readFileSync(path.join(WEB, `i18n/${lang}.json`), 'utf8')) as Tree;
  const out = { zh: [shell('zh')], en: [shell('en')] };
  for (const dir of ['features', 'components']) {
    for (const area of fs.readdirSync(path.join(WEB, dir))) {
      const f = path.join(WEB, dir, area, 'i18n.ts');
      if (!fs.existsSync(f)) continue;
      const m = await import(f);
      out.zh.push(m.zh);
      out.en.push(m.en);
    }
  }
  const lookup = (trees: Tree[]) => {
    const get = (key: string) => {
      for (const t of trees) {
        let v: unknown = t;
        for (const k of key.split('.')) v = v && typeof v === 'object' ? (v as Tree)[k] : undefined;
        if (typeof v === 'string') return v;
      }
      return undefined;
    };
    return (key: string) => get(key) ?? get(`route.${key}`);
  };
  return { zh: lookup(out.zh) as unknown as Tree, en: lookup(out.en) as unknown as Tree };
}

const HAN = /\p{Script=Han}/u;

describe('menu names in zh and en', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('every seeded menu entry and top menu has an i18n key that the client translates into both languages', async () => {
    const { zh, en } = (await webStrings()) as unknown as Record<'zh' | 'en', (k: string) => string | undefined>;
    const db = t.app.ctx.db;
    const menus = await db
      .select({ code: menu.code, name: menu.name, i18n: menu.i18n, propertyJson: menu.propertyJson })
      .from(menu)
      .where(and(eq(menu.isDeleted, 0), ne(menu.category, 2)));
    const tops = await db
      .select({ code: topMenu.code, name: topMenu.name, i18n: topMenu.i18n, propertyJson: sql<null>`null` })
      .from(topMenu)
      .where(eq(topMenu.isDeleted, 0));
    expect(menus.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const m of [...menus, ...tops]) {
      // a published low-code module's entry is named by its module: its English name field, passed as nameEn
      const nameEn = m.propertyJson ? (JSON.parse(m.propertyJson) as { nameEn?: string }).nameEn : undefined;
      if (!m.i18n && nameEn) {
        if (HAN.test(nameEn)) problems.push(`${m.code} ${m.name}: English name is Chinese (${nameEn})`);
        continue;
      }
      if (!m.i18n) {
        problems.push(`${m.code} ${m.name}: no i18n key`);
        continue;
      }
      const z = zh(m.i18n);
      const e = en(m.i18n);
      if (!z) problems.push(`${m.code} ${m.name}: ${m.i18n} has no zh string`);
      if (!e) problems.push(`${m.code} ${m.name}: ${m.i18n} has no en string`);
      else if (HAN.test(e)) problems.push(`${m.code} ${m.name}: ${m.i18n} en string is Chinese (${e})`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
