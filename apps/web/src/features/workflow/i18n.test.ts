/** The workflow strings: zh and en have the same keys, and every key the screens name exists in both. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadFeatureStrings } from '../../i18n';
import { itTranslatesTheKeysItNames } from '../../test/strings';
import { NODE_BUTTONS } from './designer/props';
import * as strings from './i18n';

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('workflow strings', () => {
  itTranslatesTheKeysItNames(strings, namedKeys, 100);

  it('has the spec texts', async () => {
    await loadFeatureStrings();
    expect(i18next.t('workflow.buttons.wf_pass', { lng: 'zh' })).toBe('同意');
  });
});

/** the keys the screens name: literal ones, the design and list screens' prefixes, validation codes, node buttons */
function namedKeys(): Set<string> {
  const used = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/['"`](workflow\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g)) used.add(m[1]);
    // prefixes of the design and list screens: `${D}name`, `${L}name`
    for (const m of text.matchAll(/\$\{D\}([a-zA-Z]+)/g)) used.add(`workflow.design.${m[1]}`);
    for (const m of text.matchAll(/\$\{L\}([a-zA-Z]+)/g)) used.add(`workflow.list.${m[1]}`);
    // validation issues: err('code', …) / warn('code', …)
    for (const m of text.matchAll(/\b(?:err|warn)\('([a-zA-Z]+)'/g)) used.add(`workflow.validate.${m[1]}`);
  }
  for (const b of NODE_BUTTONS) used.add(`workflow.buttons.${b}`);
  return used;
}
