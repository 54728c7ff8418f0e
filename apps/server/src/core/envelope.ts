/** The `{ code, success, data, msg }` envelope of contract.md and the errors that keep it. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export const MSG_OK = '操作成功';
export const MSG_NO_DATA = '暂无承载数据';
export const MSG_UNAUTHORIZED = '请求未授权';
export const MSG_FORBIDDEN = '无权访问';
export const MSG_FAULT = '服务器异常';

/** A reply carrying data; null data goes with 暂无承载数据 as the platform does. */
export function ok<T>(data: T, msg = MSG_OK): Envelope<T | null> {
  if (data === null || data === undefined) return { code: 200, success: true, data: null, msg: MSG_NO_DATA };
  return { code: 200, success: true, data, msg };
}

/** A reply for an action with no data (submit, remove, grant…). */
export function done(msg = MSG_OK): Envelope<null> {
  return { code: 200, success: true, data: null, msg };
}

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A business or validation error a person can act on: HTTP 400, code 400. */
export const badRequest = (msg: string) => new ApiError(400, 400, msg);
export const unauthorized = (msg = MSG_UNAUTHORIZED) => new ApiError(401, 401, msg);
export const forbidden = (msg = MSG_FORBIDDEN) => new ApiError(403, 403, msg);
export const notFound = (msg: string) => new ApiError(404, 404, msg);

export function envelopeOf(err: ApiError): Envelope<unknown> {
  return { code: err.code, success: false, data: err.data, msg: err.message };
}
