/** The 在线开发 screens' strings: zh and en have the same keys and every key the screens name exists in both. */
import { describe } from 'vitest';
import { itReads, itTranslatesTheKeysItNames, keysIn, quotedKeys } from '../../test/strings';
import * as strings from './i18n';

describe('develop strings', () => {
  itTranslatesTheKeysItNames(strings, keysIn('develop', quotedKeys('develop', 'menu.lowcode', 'crud')), 40);

  itReads('the menu keys are the seed’s', {
    zh: { 'menu.lowcode.datasource': '数据源管理', 'menu.lowcode.codeGen': '代码生成' },
    en: { 'menu.lowcode.codeGen': 'Code generation' },
  });
});
