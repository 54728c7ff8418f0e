/** The water-tariff screen's strings: zh and en have the same keys and every key the screen names exists. */
import { describe } from 'vitest';
import { itReads, itTranslatesTheKeysItNames, keysIn, quotedKeys } from '../../test/strings';
import * as strings from './i18n';

describe('billing strings', () => {
  itTranslatesTheKeysItNames(strings, keysIn('billing', quotedKeys('tariff', 'menu.billing')), 20);

  itReads('has the spec texts in zh', {
    zh: { 'menu.billing.tariff': '水价标准', 'tariff.totalPrice': '综合水价(元/m³)' },
  });
});
