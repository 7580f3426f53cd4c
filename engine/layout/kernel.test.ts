/**
 * The kernel loader's public surface: exports, lazy and async instantiation, robustness on odd
 * and huge inputs, the TS fallback without WebAssembly, and the generated files staying in sync.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as kernel from './kernel';
import { BreakAction, findBreakOpportunities, initKernel, kernelInfo, releaseKernelMemory } from './kernel';
import { deflateZlib } from '../zip';
import { deflateZlibTwin } from '../zip/deflate';
import { formatBreaks } from './linebreak-format';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { decodeBase64 } from './linebreak-trie';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('kernel exports', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(kernel).sort()).toEqual(['BreakAction', 'findBreakOpportunities', 'initKernel', 'kernelInfo', 'releaseKernelMemory']);
    expect(BreakAction).toEqual({ NONE: 0, ALLOWED: 1, MANDATORY: 2, SOFT_HYPHEN: 3 });
  });

  it('instantiates lazily and reports the WASM kernel', async () => {
    await initKernel();
    findBreakOpportunities('a b');
    const info = kernelInfo();
    expect(info).toMatchObject({ state: 'wasm', active: true, unicodeVersion: '16.0.0' });
    expect(info.wasmBytes).toBeGreaterThan(1000);
    expect(info.wasmBytes).toBeLessThan(16 * 1024);
    expect(info.tableBytes).toBeGreaterThan(10_000);
    expect(info.failure).toBeUndefined();
  });
});

describe('robustness', () => {
  it('never throws on odd strings', () => {
    for (const s of ['', '\uD800', '\uDC00', '\uDC00\uD800', '\u0000', '\uFFFF\uFFFE', '\u0301', '\u200D', '\r', '\n\n']) {
      const out = findBreakOpportunities(s);
      expect(out.length).toBe(s.length);
      expect(Array.from(out)).toEqual(Array.from(findBreakOpportunitiesTwin(s)));
    }
  });

  it('handles very long texts, growing the kernel memory', () => {
    const sentence = 'Invoice No. 42 (e.g.) totals $1,234.56 — see https://example.com/a?b=1.\u00A0日本語のテキスト。👍🏽 ';
    const long = sentence.repeat(Math.ceil(3_000_000 / sentence.length));
    const out = findBreakOpportunities(long);
    expect(out.length).toBe(long.length);
    expect(kernelInfo().memoryBytes).toBeGreaterThan(3 * long.length);
    const head = findBreakOpportunitiesTwin(long.slice(0, sentence.length * 3));
    expect(Array.from(out.subarray(0, head.length - sentence.length))).toEqual(Array.from(head.subarray(0, head.length - sentence.length)));
    expect(formatBreaks('a  b', findBreakOpportunities('a  b'))).toBe('a  |b'); // still right after growth
  });

  it('gives a huge text\'s memory back between documents, and breaks and deflates as before after it', () => {
    // Linear memory only grows: before releaseKernelMemory, a long-lived worker kept the 4 million
    // characters' 12 MB for good.
    const long = 'word '.repeat(800_000);
    findBreakOpportunities(long);
    expect(kernelInfo().memoryBytes).toBeGreaterThan(12_000_000);
    expect(releaseKernelMemory()).toBe(true);
    expect(kernelInfo()).toMatchObject({ state: 'unloaded', memoryBytes: 0 });
    expect(formatBreaks('well-known a  b', findBreakOpportunities('well-known a  b'))).toBe('well-|known |a  |b');
    expect(kernelInfo()).toMatchObject({ state: 'wasm', active: true });
    expect(kernelInfo().memoryBytes).toBeLessThan(1_000_000);
    const data = new TextEncoder().encode('stream stream stream '.repeat(500));
    expect(Array.from(deflateZlib(data))).toEqual(Array.from(deflateZlibTwin(data)));
    expect(releaseKernelMemory()).toBe(false); // small: kept
    expect(kernelInfo().state).toBe('wasm');
  });

  it('returns a fresh array each call', () => {
    const a = findBreakOpportunities('a b');
    const b = findBreakOpportunities('c d');
    a[2] = 0;
    expect(b[2]).toBe(BreakAction.ALLOWED);
  });
});

describe('fallback without WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('uses the TS twin and says why', async () => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await import('./kernel');
    expect(fresh.kernelInfo().state).toBe('unloaded');
    expect(formatBreaks('well-known', fresh.findBreakOpportunities('well-known'))).toBe('well-|known');
    const info = fresh.kernelInfo();
    expect(info).toMatchObject({ state: 'twin', active: false });
    expect(info.failure).toMatch(/WebAssembly|undefined/);
    await fresh.initKernel(); // resolves, never rejects
  });
});

describe('generated sources', () => {
  it('decodes base64 without Buffer', () => {
    expect(Array.from(decodeBase64('AAEC/w=='))).toEqual([0, 1, 2, 255]);
    expect(Array.from(decodeBase64('SGVsbG8'))).toEqual([72, 101, 108, 108, 111]);
  });

  it('keeps the TS and AssemblyScript class ids identical', () => {
    const normalise = (path: string): string[] => readFileSync(root + path, 'utf8').split('\n')
      .filter((line) => line.startsWith('export const')).map((line) => line.replace(': i32', ''));
    const ts = normalise('engine/layout/linebreak-classes.ts');
    expect(ts.length).toBeGreaterThan(50);
    expect(normalise('wasm/assembly/linebreak-classes.ts')).toEqual(ts);
  });

  it('has committed data that the generator reproduces', () => {
    const out = execFileSync(process.execPath, [root + 'scripts/gen-linebreak-data.mjs', '--check'], { encoding: 'utf8' });
    expect(out).toContain('up to date');
  });
});
