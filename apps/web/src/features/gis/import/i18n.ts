/**
 * Strings of the network import dialog and the export buttons of 管网地图. The import's stages are the server job's,
 * worded as the shared xlsx import's but for the features they check.
 */
import { withSharedStages } from '../../../components/import/sharedStages';
import enOwn from './i18n.en.json';
import zhOwn from './i18n.zh.json';

export const zh = withSharedStages(zhOwn, 'netImport', 'zh');
export const en = withSharedStages(enOwn, 'netImport', 'en');
