/**
 * PDF-aware mutations, on the file's bytes read as Latin-1: the numbers that locate things
 * (/ByteRange, startxref, /Length, /Prev, /Size, object numbers) get hostile values; keywords are
 * removed; deep nesting is inserted; a signature's CMS gets DER-aware changes in place; a valid
 * incremental update redefines an object after signing; or a byte mutation is applied.
 */
import { mutateBytes } from './bytes-mutate';
import { derItems, mutateDer } from './der-mutate';
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

const CONTENTS = /\/Contents\s*<([0-9A-Fa-f\s]{64,})>/g;

/**
 * Mutates the CMS inside one signature's /Contents with DER-aware changes, written back in the same
 * space (zero-padded, or cut when longer): the file's structure and byte ranges stay valid, so the
 * verifier gets to the signature itself.
 */
function signatureContents(s: string, r: Rng, ops: string[]): string {
  const hits = [...s.matchAll(CONTENTS)];
  if (hits.length === 0) return s;
  const h = r.pick(hits);
  const hex = h[1]!.replace(/\s+/g, '');
  const all = Uint8Array.from(hex.match(/../g) ?? [], (x) => parseInt(x, 16));
  const first = derItems(all).find((t) => t.path === '0');
  let der: Uint8Array = all.subarray(0, first ? first.end : all.length);
  for (let i = 0, n = 1 + r.int(2); i < n; i++) {
    const m = mutateDer(der, r);
    der = m.der;
    ops.push(m.op);
  }
  const out = Array.from(der.subarray(0, hex.length / 2), (b) => b.toString(16).padStart(2, '0')).join('').padEnd(h[1]!.length, '0');
  const at = h.index! + h[0].indexOf('<') + 1;
  return s.slice(0, at) + out + s.slice(at + h[1]!.length);
}

/** Bodies an incremental update may give to an existing object number. */
const UPDATES = [
  '<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Contents (added after signing) >>',
  '<< /Length 8 >>\nstream\n0 0 m S\nendstream',
  '<< /Type /Catalog /Pages 2 0 R /Perms << /DocMDP 9999 0 R >> >>',
  '<< /FT /Sig /V << /Type /Sig /Contents <00> /ByteRange [0 1 2 3] >> >>',
  'null',
];

/** Appends a well-formed incremental update (classic xref) that redefines an existing object. */
function appendUpdate(s: string, r: Rng): string {
  const root = /\/Root\s+(\d+\s+\d+)\s+R/.exec(s.slice(-4096)) ?? /\/Root\s+(\d+\s+\d+)\s+R/.exec(s);
  const prev = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(s);
  const nums = [...s.matchAll(/(\d+) 0 obj/g)].map((m) => Number(m[1]));
  if (!root || !prev || nums.length === 0) return s;
  const num = r.chance(0.8) ? r.pick(nums) : Math.max(...nums) + 1;
  const head = s.endsWith('\n') ? s : `${s}\n`;
  const objAt = head.length;
  const obj = `${num} 0 obj\n${r.pick(UPDATES)}\nendobj\n`;
  const xrefAt = objAt + obj.length;
  const size = Math.max(num, ...nums) + 1;
  const xref = `xref\n0 1\n0000000000 65535 f\r\n${num} 1\n${String(objAt).padStart(10, '0')} 00000 n\r\n`;
  return `${head}${obj}${xref}trailer\n<< /Size ${size} /Root ${root[1]} R /Prev ${prev[1]} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
}

/** The PDF mutations by name. */
const PDF_MUTATIONS: Record<string, (s: string, r: Rng, ops: string[]) => string> = { hostileLocator, dropKeyword, deepNesting, signatureContents, appendUpdate };

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
    ops.push(`pdf:${name}`);
    s = PDF_MUTATIONS[name]!(s, r, ops);
  }
  return { bytes: bytes(s), ops };
}
