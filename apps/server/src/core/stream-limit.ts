/**
 * Open live streams per user (issue 17: one user held 2,000 `position/stream` connections). Each kind of stream
 * (`position` for the staff-position event stream, `ws` for the live socket) allows `MAX_STREAMS_PER_USER` open at
 * once per user and instance; one more is refused before it opens: 429 in the envelope with a message that says
 * what to do. The count is per instance: a user's streams are spread over instances only by a load balancer, and
 * each instance protects itself.
 */
import { ApiError } from './envelope.ts';

export const MAX_STREAMS_PER_USER = 10;
export const MSG_TOO_MANY_STREAMS = `实时连接过多：每个用户最多同时打开 ${MAX_STREAMS_PER_USER} 个，请关闭不用的页面后重试`;

export const tooManyStreams = () => new ApiError(429, 429, MSG_TOO_MANY_STREAMS);

export class StreamLimit {
  private open = new Map<string, number>();

  constructor(private max = MAX_STREAMS_PER_USER) {}

  count(kind: string, userId: string): number {
    return this.open.get(`${kind}:${userId}`) ?? 0;
  }

  /** Takes a slot or throws 429; the returned release is safe to call more than once. */
  acquire(kind: string, userId: string): () => void {
    const key = `${kind}:${userId}`;
    const n = this.open.get(key) ?? 0;
    if (n >= this.max) throw tooManyStreams();
    this.open.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}

const limits = new WeakMap<object, StreamLimit>();

/** The instance's stream counts (one per app context). */
export function streamLimitOf(ctx: object): StreamLimit {
  let l = limits.get(ctx);
  if (!l) {
    l = new StreamLimit();
    limits.set(ctx, l);
  }
  return l;
}
