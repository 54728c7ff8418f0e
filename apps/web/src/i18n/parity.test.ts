import { describe, expect, it } from 'vitest';
import * as errors from '../features/errors/i18n';
import * as iframe from '../features/iframe/i18n';
import * as login from '../features/login/i18n';
import { itReads, keys } from '../test/strings';
import en from './en.json';
import zh from './zh.json';

// every feature's and shared component's strings (`<folder>/i18n.ts` exporting `zh` and `en`)
const modules = import.meta.glob<{ zh?: Record<string, unknown>; en?: Record<string, unknown> }>(
  ['../features/**/i18n.ts', '../components/**/i18n.ts'],
  { eager: true },
);
// the JSON string files those modules read (each folder's `i18n.zh.json` and `i18n.en.json`)
const jsonFiles = Object.keys(import.meta.glob(['../features/**/i18n.*.json', '../components/**/i18n.*.json']));

describe('zh and en keep the same keys', () => {
  it('shell strings', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));
  for (const [name, m] of Object.entries({ login, errors, iframe })) {
    it(name, () => expect(keys(m.en).sort()).toEqual(keys(m.zh).sort()));
  }
  it('finds the feature and component string files', () => expect(Object.keys(modules).length).toBeGreaterThan(30));
  it('reads every JSON string file through the i18n.ts beside it', () => {
    expect(jsonFiles.length).toBe(2 * Object.keys(modules).length);
    expect(jsonFiles.map((f) => f.replace(/i18n\.(zh|en)\.json$/, 'i18n.ts')).filter((f) => !(f in modules))).toEqual(
      [],
    );
  });
  for (const [file, m] of Object.entries(modules)) {
    it(file.replace('../', ''), () => {
      expect(m.zh, 'exports zh').toBeTypeOf('object');
      expect(m.en, 'exports en').toBeTypeOf('object');
      const z = new Set(keys(m.zh as Record<string, unknown>));
      const e = new Set(keys(m.en as Record<string, unknown>));
      expect({ onlyInZh: [...z].filter((k) => !e.has(k)), onlyInEn: [...e].filter((k) => !z.has(k)) }).toEqual({
        onlyInZh: [],
        onlyInEn: [],
      });
    });
  }
  itReads('the spec texts are exact', {
    zh: {
      'tagsView.clearCacheTip': '是否需要清除缓存?',
      'tagsView.clearCacheDone': '清除完毕',
      'logs.uploadTip': '确定上传本地日志到服务器?',
      'logs.uploadDone': '发送成功!',
      'logs.clearTip': '确定清空本地日志记录?',
      'logs.clearDone': '清空成功!',
      'common.confirmTitle': '提示',
      'theme.title': '选择',
      'lock.dialogTitle': '设置锁屏密码',
      'lock.passwordRequired': '锁屏密码不能为空',
      'switchUser.title': '用户信息选择',
      'switchUser.submit': '切换',
      'register.title': '账号注册',
      'login.pageTitle': '登录',
    },
  });
});
