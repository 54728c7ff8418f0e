/**
 * The loop of the hand-written tokenizers (the GIS `where` grammar, the workflow's expression language): white space
 * between tokens is skipped, and at every other position the grammar's `read` pushes the token found there and says
 * where the next one starts (or throws, in the grammar's words, on what it cannot read).
 */
export function scanTokens<T>(src: string, read: (i: number, c: string, out: T[]) => number): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i++;
    else i = read(i, c, out);
  }
  return out;
}
