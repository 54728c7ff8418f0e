/** Typed calls of the message administration families: configs, templates and the message log. */
import { crudApi } from './crud';

const B = '/api/blade-message';
export const messageConfigApi = crudApi(`${B}/config`, { list: 'page' });
export const messageTemplateApi = crudApi(`${B}/template`, { list: 'page' });
export const messageLogApi = crudApi(`${B}/log`, { list: 'page' });
