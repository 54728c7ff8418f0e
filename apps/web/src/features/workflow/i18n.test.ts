/** The workflow strings: zh and en have the same keys, and every key the screens name exists in both. */
import { describe } from 'vitest';
import { featureSources, itReads, itTranslatesTheKeysItNames } from '../../test/strings';
import { NODE_BUTTONS } from './designer/props';
import * as strings from './i18n';

describe('workflow strings', () => {
  itTranslatesTheKeysItNames(strings, namedKeys, 100);

  itReads('has the spec texts', { zh: { 'workflow.buttons.wf_pass': '同意' } });
});

/** the keys the screens name: literal ones, the design and list screens' prefixes, validation codes, node buttons */
async function namedKeys(): Promise<Set<string>> {
  const used = new Set<string>();
  for (const text of Object.values(await featureSources('workflow', { deep: true }))) {
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
