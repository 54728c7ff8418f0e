/**
 * Strings of the network import dialog and the export buttons of 管网地图. The import's stages are the server job's,
 * worded as the shared xlsx import's but for the features they check.
 */
import * as xlsx from '../../../components/import/i18n';
import enOwn from './i18n.en.json';
import zhOwn from './i18n.zh.json';

// the stages not worded in the JSON are the shared dialog's
export const zh = {
  ...zhOwn,
  netImport: { ...zhOwn.netImport, stage: { ...xlsx.zh.xlsxImport.stage, ...zhOwn.netImport.stage } },
};
export const en = {
  ...enOwn,
  netImport: { ...enOwn.netImport, stage: { ...xlsx.en.xlsxImport.stage, ...enOwn.netImport.stage } },
};
