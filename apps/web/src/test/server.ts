/** The server as the screens' unit tests fake it. */

/** A JSON reply in the server's success envelope, as `fetch` resolves it. */
export const okReply = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'content-type': 'application/json' },
  });
