/**
 * Strings of the import dialogs of 站点监测: 导入站点 is the shared xlsx dialog (its own strings) with this title and
 * key column; 导入数据 polls the same server job stages, worded as the shared ones but for a few.
 */
import * as xlsx from '../../../components/import/i18n';
import enOwn from './i18n.en.json';
import zhOwn from './i18n.zh.json';

// the stages not worded in the JSON are the shared dialog's
export const zh = {
  ...zhOwn,
  seriesImport: { ...zhOwn.seriesImport, stage: { ...xlsx.zh.xlsxImport.stage, ...zhOwn.seriesImport.stage } },
};
export const en = {
  ...enOwn,
  seriesImport: { ...enOwn.seriesImport, stage: { ...xlsx.en.xlsxImport.stage, ...enOwn.seriesImport.stage } },
};
