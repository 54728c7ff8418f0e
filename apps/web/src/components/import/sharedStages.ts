/**
 * The strings of an import dialog that polls the shared server job: its own JSON words the stages it checks in its
 * own way; every other stage is worded as the shared xlsx import's.
 */
import { en, zh } from './i18n';

type Section = { stage: Record<string, string> };

export function withSharedStages<K extends string, T extends Record<K, Section>>(
  own: T,
  section: K,
  lang: 'zh' | 'en',
) {
  const shared = (lang === 'zh' ? zh : en).xlsxImport.stage;
  return { ...own, [section]: { ...own[section], stage: { ...shared, ...own[section].stage } } } as T;
}
