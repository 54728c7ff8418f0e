/** The patrol strings: zh and en have the same keys, and every key the screens name exists in both. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadFeatureStrings } from '../../i18n';
import { itTranslatesTheKeysItNames, keysIn } from '../../test/strings';
import * as strings from './i18n';

describe('patrol strings', () => {
  itTranslatesTheKeysItNames(
    strings,
    keysIn('patrol', /['"`]((?:patrol|menu\.patrol)\.[a-zA-Z0-9_.]+[a-zA-Z0-9_])['"`]/g, {
      deep: true,
      withStrings: false,
    }),
    150,
  );

  it('names the menus and buttons of the patrol seed', async () => {
    await loadFeatureStrings();
    for (const k of ['overview', 'plan', 'task', 'jobObject', 'type', 'accessRule', 'location'])
      expect(i18next.exists(`menu.patrol.${k}`, { lng: 'en' })).toBe(true);
    expect(i18next.t('menu.patrol.plan', { lng: 'zh' })).toBe('巡检计划');
    expect(i18next.t('patrol.plan.submitAudit', { lng: 'zh' })).toBe('提交审核');
    expect(i18next.t('patrol.task.reassign', { lng: 'zh' })).toBe('任务转派');
    expect(i18next.t('patrol.task.check', { lng: 'en' })).toBe('Check in');
    // the dynamic vocabularies
    for (const s of [0, 1, 2, 3]) expect(i18next.exists(`patrol.taskStatus.${s}`, { lng: 'en' })).toBe(true);
    expect(i18next.t('patrol.overview.dim.MONTH', { lng: 'zh' })).toBe('按月');
  });
});
