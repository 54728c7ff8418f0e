/**
 * The administration screens and shared widgets: zh and en have the same keys, every key the screens name exists
 * in both languages, and the spec's texts are exact.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import * as crud from '../../components/crud/i18n';
import * as widgets from '../../components/widgets/i18n';
import { keys, untranslated } from '../../test/strings';
import * as authority from '../authority/i18n';
import * as dataservice from '../dataservice/i18n';
import * as desk from '../desk/i18n';
import * as log from '../log/i18n';
import * as messageAdmin from '../message/admin/i18n';
import * as resource from '../resource/i18n';
import * as system from './i18n';

/** the sources of the administration screens and the shared components */
const sources = import.meta.glob<string>(
  [
    '../{system,authority,desk,resource,message-admin,log,dataservice}/**/*.{ts,tsx}',
    '../../components/**/*.{ts,tsx}',
    '!**/*.test.*',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const NAMESPACES =
  /^(crud|widget|upload|param|tenant|tenantPackage|client|dept|post|menuMgr|topmenu|region|dict|user|role|scope|notice|oss|attach|sms|msgAdmin|log|jdict|cfield|billRule|area|online|system|menu|button)\./;

describe('administration strings', () => {
  const modules = { crud, widgets, authority, dataservice, desk, log, messageAdmin, resource, system };
  for (const [name, m] of Object.entries(modules)) {
    it(`${name}: zh and en have the same keys`, () => expect(keys(m.en).sort()).toEqual(keys(m.zh).sort()));
  }

  it('every key the screens name is translated in zh and en', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/['"`]([a-zA-Z]+\.[a-zA-Z_.]+[a-zA-Z_])['"`]/g)) {
        if (NAMESPACES.test(m[1])) used.add(m[1]);
      }
    }
    expect(used.size).toBeGreaterThan(300);
    expect(untranslated(used)).toEqual([]);
  });

  it('keeps the spec texts exact', () => {
    expect(crud.zh.crud.confirmRemove).toBe('确定将选择数据删除?');
    expect(crud.zh.crud.selectOne).toBe('请选择至少一条数据');
    expect(crud.zh.crud.addSuccess).toBe('新增成功');
    expect(crud.zh.crud.updateSuccess).toBe('更新成功');
    expect(crud.zh.crud.removeSuccess).toBe('删除成功');
    expect(system.zh.param.nameRequired).toBe('请输入参数名称');
    expect(system.zh.param.keyRequired).toBe('请输入参数键名');
    expect(system.zh.param.valueRequired).toBe('请输入参数键值');
    expect(system.zh.dict.codeRequired).toBe('请输入字典编号');
    expect(system.zh.dict.valueRequired).toBe('请输入字典名称');
    expect(system.zh.dict.sortRequired).toBe('请输入字典排序');
    expect(system.zh.dict.sealedRequired).toBe('请选择封存');
    expect(system.en.tenantPackage.nameRequired).toBe('please enter the package name');
    expect(system.en.tenantPackage.menuRequired).toBe('please select a menu');
    expect(system.en.tenantPackage.selectOne).toBe('please select at least one data');
    expect(widgets.zh.widget.userPicker.title).toBe('人员选择');
    expect(widgets.zh.widget.inputTable.sum).toBe('合计');
    expect(widgets.zh.widget.inputTable.required).toBe('不能为空');
    expect(i18next.t('upload.tip', { lng: 'zh', size: 2, unit: 'MB', accept: '.pdf' })).toBe(
      '只能上传不超过2MB的.pdf文件',
    );
    expect(i18next.t('upload.tooLarge', { lng: 'zh', n: 2, unit: 'MB' })).toBe('文件大小超过2MB');
    expect(i18next.t('upload.tooManyFiles', { lng: 'zh', limit: 3 })).toBe('当前限制最多可以上传3个文件');
    expect(i18next.t('upload.tooManyImages', { lng: 'zh', n: 5 })).toBe('当前限制最多可以上传5张图片');
  });
});
