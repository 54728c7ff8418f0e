import { describe, expect, it } from 'vitest';
import { dropReady, mayAnswerReady } from './ready-filter.ts';

const msg = (type: string, body: number[] = []) => {
  const b = new Uint8Array(5 + body.length);
  b[0] = type.charCodeAt(0);
  new DataView(b.buffer).setInt32(1, 4 + body.length);
  b.set(body, 5);
  return b;
};
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const types = (b: Uint8Array) => {
  const out: string[] = [];
  for (let i = 0; i < b.length; ) {
    out.push(String.fromCharCode(b[i]));
    i += 1 + new DataView(b.buffer, b.byteOffset).getInt32(i + 1);
  }
  return out.join('');
};

describe('ReadyForQuery filter of the embedded database', () => {
  it('only a Sync, a Query, a FunctionCall, the end of a COPY and the startup packet are answered with ready', () => {
    expect('SQFcf'.split('').every((t) => mayAnswerReady(msg(t)))).toBe(true);
    expect('PBDEHCd'.split('').some((t) => mayAnswerReady(msg(t)))).toBe(false);
    expect(mayAnswerReady(new Uint8Array([0, 0, 0, 8, 4, 210, 22, 47]))).toBe(true);
  });

  it('drops the ReadyForQuery after an error, however the reply is cut into chunks', () => {
    const reply = cat(
      msg('1'),
      msg('2'),
      msg('n'),
      msg('E', [83, 69, 82, 82, 0, 0]),
      msg('Z', [69]),
      msg('C', [65, 0]),
    );
    for (let cut = 0; cut <= reply.length; cut++) {
      for (const size of [1, 3, 7, reply.length]) {
        const filter = dropReady();
        const parts: Uint8Array[] = [];
        let rest = reply;
        if (cut) {
          parts.push(filter(rest.subarray(0, cut)));
          rest = rest.subarray(cut);
        }
        for (let i = 0; i < rest.length; i += size) parts.push(filter(rest.subarray(i, i + size)));
        const got = cat(...parts);
        expect(types(got)).toBe('12nEC');
        expect(got).toEqual(cat(msg('1'), msg('2'), msg('n'), msg('E', [83, 69, 82, 82, 0, 0]), msg('C', [65, 0])));
      }
    }
  });
});
