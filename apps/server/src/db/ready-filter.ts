/**
 * PGlite answers an error in the extended protocol with a ReadyForQuery ('Z') straight after the ErrorResponse, and
 * then another for the Sync that closes the batch. PostgreSQL sends only the one for the Sync. pglite-socket hands
 * both to the client: when the second arrives after the client has already sent its next statement (a ROLLBACK after
 * a unique violation, say), `pg` takes it as that statement's end and every later reply on the connection belongs to
 * the statement before: rows of another query, or "Received unexpected commandComplete message from backend".
 * Under load this broke the field app's check-in race test one run in ten.
 *
 * The fix keeps to the protocol: only a Sync, a simple Query, a FunctionCall, the end of a COPY from the client
 * (CopyDone/CopyFail) and the startup packet may be answered with ReadyForQuery; a 'Z' in the reply to any other
 * message (Parse, Bind, Describe, Execute, Close, Flush…) is dropped.
 */

/** Message types after which the server really is ready for a query. */
const ENDS_WITH_READY = new Set(['S', 'Q', 'F', 'c', 'f'].map((c) => c.charCodeAt(0)));
const READY = 'Z'.charCodeAt(0);

/** Whether a reply to this front-end message may contain ReadyForQuery (a startup packet has no type byte). */
export function mayAnswerReady(message: Uint8Array): boolean {
  if (message.length === 0) return true;
  // the startup packet and SSL/cancel requests start with their length (under 2^24: the first byte is 0)
  if (message[0] === 0) return true;
  return ENDS_WITH_READY.has(message[0]);
}

/**
 * A streaming filter of back-end messages that drops ReadyForQuery. Chunks may split messages anywhere; each call
 * returns the bytes to pass on (a copy: PGlite reuses the buffers it hands out).
 */
export function dropReady(): (chunk: Uint8Array) => Uint8Array {
  // the header (type + 4-byte length) of the message being read, and how much of its body is still to come
  const header = new Uint8Array(5);
  let headerLen = 0;
  let bodyLeft = 0;
  let dropping = false;
  return (chunk) => {
    const kept: Uint8Array[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (bodyLeft > 0) {
        const n = Math.min(bodyLeft, chunk.length - i);
        if (!dropping) kept.push(chunk.subarray(i, i + n));
        i += n;
        bodyLeft -= n;
        continue;
      }
      // the next header, possibly across chunks: passed on whole once complete
      const n = Math.min(5 - headerLen, chunk.length - i);
      header.set(chunk.subarray(i, i + n), headerLen);
      headerLen += n;
      i += n;
      if (headerLen < 5) break;
      headerLen = 0;
      bodyLeft = new DataView(header.buffer).getInt32(1) - 4;
      dropping = header[0] === READY;
      if (!dropping) kept.push(header.slice());
    }
    return Buffer.concat(kept);
  };
}
