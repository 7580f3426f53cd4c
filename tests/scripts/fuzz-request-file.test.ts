/**
 * The fuzz campaign writes a kept case's fill request beside its file: a request whose subtrees are
 * shared (as the template target's deep() values are) must not be spelt out without bound.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_VALUES, writeRequest } from '../../scripts/fuzz/request-file';

const dir = mkdtempSync(join(tmpdir(), 'colophon-request-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** n levels, each holding the level below twice: 2^n leaves when spelt out. */
function shared(n: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: v, items: [v] };
  return v;
}

describe('writeRequest', () => {
  it('writes an ordinary request as its JSON', () => {
    const file = join(dir, 'plain.json');
    const request = { data: { name: 'Ann', items: [{ qty: 1 }, { qty: 2 }] } };
    writeRequest(file, request);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(request);
  });

  it('notes a request past the bound instead of spelling out its shared subtrees', () => {
    const file = join(dir, 'deep.json');
    // 2^60 leaves spelt out: JSON.stringify alone would never return.
    writeRequest(file, { data: { a: shared(60) } });
    const written = JSON.parse(readFileSync(file, 'utf8')) as { omitted?: string };
    expect(written.omitted).toContain(String(MAX_REQUEST_VALUES));
  });

  it('keeps a shared request that spells out within the bound', () => {
    const file = join(dir, 'small-shared.json');
    writeRequest(file, shared(10));
    const text = readFileSync(file, 'utf8');
    expect(text.split('"leaf"').length - 1).toBe(1024);
  });
});
