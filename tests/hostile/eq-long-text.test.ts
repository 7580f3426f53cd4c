/**
 * EQ fields of long text: both EQ readers (the field's linear text, field-eval.ts, and its math tree,
 * eq-field.ts) grew their text a character at a time, a rope of a node per character (some 32 bytes
 * each) held by the model: a fraction of 99,000 letters over 99,000 took 6.7 MB, and 600 of them in
 * table cells (30 MB of XML, fuzz seed 55) ran a 1 GB heap out of memory while the package was read.
 * Plain text is now sliced a stretch at a time. The child runs 60 such fields under a 200 MB heap
 * (some 400 MB before).
 */
import { describe, expect, it } from 'vitest';
import { runHeapCapped } from '../helpers/heap-capped-child';

describe('EQ fields of 198,000 characters', () => {
  it('are read in memory proportional to their text', async () => {
    const r = await runHeapCapped(new URL('./eq-long-text.child.ts', import.meta.url), 200);
    expect(r.err).not.toMatch(/heap out of memory/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ fields: 60 });
  }, 150_000);
});
