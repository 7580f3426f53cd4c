/**
 * PDF-aware mutations, on the file's bytes read as Latin-1: the numbers that locate things
 * (/ByteRange, startxref, /Length, /Prev, /Size, object numbers) get hostile values; keywords are
 * removed; deep nesting is inserted; or a byte mutation is applied.
 */
import { mutateBytes } from './bytes-mutate';
import type { Rng } from './rng';

const HOSTILE = ['0', '-1', '2147483647', '99999999999', '4294967296', '1e9', '-0', '00000000000000000000001', '1.5'];
const LOCATORS = /(\/ByteRange\s*\[\s*)(\d+)(\s+)(\d+)(\s+)(\d+)(\s+)(\d+)|startxref\s+(\d+)|\/(?:Length|Prev|Size|N|First|Count|XRefStm)\s+(\d+)|(\d+) 0 (?:obj|R)/g;

function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
}

function bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

function hostileLocator(s: string, r: Rng): string {
  const hits = [...s.matchAll(LOCATORS)];
  if (hits.length === 0) return s;
  const h = r.pick(hits);
  const groups = h.slice(1).map((g, i) => ({ g, i })).filter((x) => x.g !== undefined && /^\d+$/.test(x.g));
  if (groups.length === 0) return s;
  const { g } = r.pick(groups);
  const at = h.index! + h[0].indexOf(g!, h[0].startsWith('/ByteRange') ? 10 : 0);
  return s.slice(0, at) + r.pick(HOSTILE) + s.slice(at + g!.length);
}

function dropKeyword(s: string, r: Rng): string {
  const kw = r.pick(['endobj', 'endstream', 'stream', 'xref', 'trailer', '>>', '/Contents', '/Sig', '/Root', '/AcroForm', '/Fields']);
  const hits = [...s.matchAll(new RegExp(kw.replace('/', '\\/'), 'g'))];
  if (hits.length === 0) return s;
  const h = r.pick(hits);
  return s.slice(0, h.index!) + s.slice(h.index! + kw.length);
}

function deepNesting(s: string, r: Rng): string {
  const open = r.pick(['[', '<<', '<<[']);
  const n = r.pick([300, 5000, 100000]);
  const at = s.lastIndexOf('trailer') >= 0 && r.chance(0.5) ? s.lastIndexOf('trailer') + 7 : r.int(s.length);
  return s.slice(0, at) + open.repeat(n) + s.slice(at);
}

/** The PDF mutations by name. */
const PDF_MUTATIONS: Record<string, (s: string, r: Rng) => string> = { hostileLocator, dropKeyword, deepNesting };

/** Mutates PDF bytes: one case in three byte-level, else 1–3 PDF-aware mutations. */
export function mutatePdf(pdf: Uint8Array, r: Rng): { bytes: Uint8Array; ops: string[] } {
  if (r.chance(0.33)) {
    const m = mutateBytes(pdf, r, ['flip', 'truncate', 'zeroRegion', 'duplicateRegion']);
    return { bytes: m.bytes, ops: m.ops.map((o) => `bytes:${o}`) };
  }
  let s = latin1(pdf);
  const ops: string[] = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    const name = r.pick(Object.keys(PDF_MUTATIONS));
    s = PDF_MUTATIONS[name]!(s, r);
    ops.push(`pdf:${name}`);
  }
  return { bytes: bytes(s), ops };
}
