/**
 * Shared checks of a feature's strings, for its `i18n.test.ts`: the keys of a strings tree, the keys its sources
 * name, and which of those i18next cannot translate. (The sources themselves stay in each test: `import.meta.glob`
 * is resolved against the file that calls it.)
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

/** the first group of every match of a global pattern over the sources' texts */
export function keysNamed(sources: Record<string, string>, pattern: RegExp): Set<string> {
  const used = new Set<string>();
  for (const text of Object.values(sources)) for (const m of text.matchAll(pattern)) used.add(m[1]);
  return used;
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
export function itTranslatesTheKeysItNames(strings: Strings, named: () => Set<string>, atLeast: number): void {
  itKeepsZhAndEnInStep(strings);

  it('every key the screens name is translated in zh and en', async () => {
    await loadFeatureStrings();
    const used = named();
    expect(used.size).toBeGreaterThan(atLeast);
    expect(untranslated(used)).toEqual([]);
  });
}
