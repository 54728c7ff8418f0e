/**
 * Strings of the import dialogs of 站点监测: 导入站点 is the shared xlsx dialog (its own strings) with this title and
 * key column; 导入数据 polls the same server job stages, worded as the shared ones but for a few.
 */
import { withSharedStages } from '../../../components/import/sharedStages';
import enOwn from './i18n.en.json';
import zhOwn from './i18n.zh.json';

export const zh = withSharedStages(zhOwn, 'seriesImport', 'zh');
export const en = withSharedStages(enOwn, 'seriesImport', 'en');
