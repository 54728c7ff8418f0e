/**
 * Shared checks of a feature's strings, for its `i18n.test.ts`: the keys of a strings tree, the keys its sources
 * name, and which of those i18next cannot translate. The sources are globbed once here (`import.meta.glob` is
 * resolved against the file that calls it) and each test picks its feature's folder.
 */
import i18next from 'i18next';
import { expect, it } from 'vitest';
import { loadFeatureStrings } from '../i18n';

/** every leaf key of a strings tree, dotted */
export function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** every feature source but the tests, as raw text loaded on demand, by its path from here (`../features/…`) */
const featureFiles = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!../features/**/*.test.*'], {
  query: '?raw',
  import: 'default',
});

/**
 * The raw texts of a feature folder's sources (`billing`, `lowcode/data`): its own files, or with `deep` its
 * sub-folders' too; `withStrings: false` leaves out its strings module (`i18n.ts`), which defines keys, not names them.
 */
export async function featureSources(
  folder: string,
  { deep = false, withStrings = true } = {},
): Promise<Record<string, string>> {
  const dir = `../features/${folder}/`;
  const paths = Object.keys(featureFiles).filter(
    (p) => p.startsWith(dir) && (deep || !p.slice(dir.length).includes('/')) && (withStrings || p !== `${dir}i18n.ts`),
  );
  return Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await featureFiles[p]()])));
}

/** the first group of every match of a global pattern over the sources' texts */
export function keysNamed(sources: Record<string, string>, pattern: RegExp): Set<string> {
  const used = new Set<string>();
  for (const text of Object.values(sources)) for (const m of text.matchAll(pattern)) used.add(m[1]);
  return used;
}

/**
 * The global pattern of a quoted key under one of the prefixes (`'tariff.title'`, `` `menu.billing.tariff` ``),
 * the key its first group, for keysIn; a key ends in a letter or `_` (so a quoted `'tariff.'` prefix is not one).
 */
export function quotedKeys(...prefixes: string[]): RegExp {
  const under = prefixes.map((p) => p.replaceAll('.', '\\.')).join('|');
  return new RegExp(`['"\`]((?:${under})\\.[a-zA-Z_.]+[a-zA-Z_])['"\`]`, 'g');
}

/** the keys a feature folder's sources name by a global pattern (see `featureSources` for the options) */
export function keysIn(folder: string, pattern: RegExp, options?: { deep?: boolean; withStrings?: boolean }) {
  return async (): Promise<Set<string>> => keysNamed(await featureSources(folder, options), pattern);
}

/** the keys that i18next does not have in zh or in en */
export function untranslated(used: Iterable<string>): string[] {
  return [...used].filter((k) => !i18next.exists(k, { lng: 'zh' }) || !i18next.exists(k, { lng: 'en' }));
}

/** a feature's strings module: the same tree in both languages */
interface Strings {
  en: Record<string, unknown>;
  zh: Record<string, unknown>;
}

/** A test, inside the caller's `describe`, that a strings module has the same keys in zh and en. */
export function itKeepsZhAndEnInStep(strings: Strings, name = 'zh and en have the same keys'): void {
  it(name, () => expect(keys(strings.en).sort()).toEqual(keys(strings.zh).sort()));
}

/**
 * The two tests every feature's strings make, inside the caller's `describe`: zh and en have the same keys, and
 * every key its sources name (more than `atLeast` of them, so a broken pattern cannot pass empty) is translated in
 * both once the feature strings are loaded.
 */
export function itTranslatesTheKeysItNames(
  strings: Strings,
  named: () => Set<string> | Promise<Set<string>>,
  atLeast: number,
): void {
  itKeepsZhAndEnInStep(strings);

  it('every key the screens name is translated in zh and en', async () => {
    await loadFeatureStrings();
    const used = await named();
    expect(used.size).toBeGreaterThan(atLeast);
    expect(untranslated(used)).toEqual([]);
  });
}

/** A test, inside the caller's `describe`, that once the feature strings are loaded these keys read these texts. */
export function itReads(name: string, texts: Partial<Record<'zh' | 'en', Record<string, string>>>): void {
  it(name, async () => {
    await loadFeatureStrings();
    for (const [lng, byKey] of Object.entries(texts))
      for (const [key, text] of Object.entries(byKey)) expect(i18next.t(key, { lng }), `${lng}: ${key}`).toBe(text);
  });
}
