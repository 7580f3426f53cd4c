import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { detachedString } from './strings';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A word cut from a part's text, as a cache would keep it. */
function cutWord(part: string): string {
  return detachedString(part.slice(5, 40));
}

describe('detachedString', () => {
  it('returns the same text', () => {
    expect(detachedString('short')).toBe('short');
    expect(detachedString('a word longer than thirteen')).toBe('a word longer than thirteen');
  });

  it('keeps nothing of the string the text was cut from alive (a cached word held a whole part before)', () => {
    let part: string | undefined = `<w:t>${'x'.repeat(16_000_000)}</w:t>`;
    const kept = cutWord(part);
    const before = heapAfterGc();
    part = undefined;
    const freed = before - heapAfterGc();
    expect(kept).toBe('x'.repeat(35));
    // The 16-million-character text is gone once only the detached copy refers to its characters.
    expect(freed).toBeGreaterThan(12_000_000);
  });
});
