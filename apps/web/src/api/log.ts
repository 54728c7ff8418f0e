/** Typed calls of `/api/blade-log` (usual, API and error logs: list and detail). */
import { crudApi } from './crud';

export const usualLogApi = crudApi('/api/blade-log/usual');
export const apiLogApi = crudApi('/api/blade-log/api');
export const errorLogApi = crudApi('/api/blade-log/error');
