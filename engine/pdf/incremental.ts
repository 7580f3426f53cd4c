/**
 * Incremental-update writer (ISO 32000-1 §7.5.6): appends new and changed objects after the original
 * bytes, then a cross-reference section of the same kind as the file's newest one (a table, §7.5.4,
 * or a cross-reference stream, §7.5.8) and a trailer with /Prev. The original bytes are never touched,
 * so earlier signatures stay valid.
 */
import { zlibSync } from 'fflate';
import { abort } from '../core';
import type { PdfDocument } from './document';
import type { PdfDict, PdfObject, PdfString } from './objects';
import { isArray, isString, pdfArray, pdfDict, pdfHexString, pdfName, pdfRef } from './objects';
import { ByteSink, writeObject } from './serialize';

/** An object to write in the update: a new number, or an existing number with its changed value. */
export interface UpdateObject {
  readonly num: number;
  readonly gen: number;
  readonly value: PdfObject;
}

/** Options for an incremental update. */
export interface IncrementalOptions {
  /** Cross-reference kind; by default the kind of the file's newest section. */
  readonly xrefKind?: 'table' | 'stream';
  /** Second file identifier (§14.4) for this revision; the first one is always kept. */
  readonly id1?: Uint8Array;
  /** First file identifier to use when the file has none. */
  readonly id0?: Uint8Array;
}

/** The appended revision. */
export interface IncrementalResult {
  /** The whole new file: original bytes followed by the update. */
  readonly bytes: Uint8Array;
  /** Offset of each written object (`num gen obj`) in `bytes`. */
  readonly offsets: ReadonlyMap<number, number>;
  /** Offset of the new cross-reference section (the new `startxref` value). */
  readonly xrefOffset: number;
}

/** Writes an incremental update of `doc` holding `objects`. */
export function writeIncrementalUpdate(doc: PdfDocument, objects: readonly UpdateObject[], options: IncrementalOptions = {}): IncrementalResult {
  if (doc.repaired) {
    abort('pdf/cannot-update-repaired', 'The file needed its cross-reference table rebuilt, so an incremental update would chain to a broken section.', {
      hint: 'Repair the PDF (e.g. qpdf input.pdf output.pdf) and try again.',
    });
  }
  const sorted = [...objects].sort((a, b) => a.num - b.num);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.num === sorted[i - 1]!.num) abort('pdf/duplicate-object', `Object ${sorted[i]!.num} is written twice.`);
  const original = doc.bytes;
  const sink = new ByteSink();
  sink.bytes(original);
  const last = original[original.length - 1];
  if (last !== 0x0a && last !== 0x0d) sink.text('\n');
  const offsets = new Map<number, number>();
  for (const o of sorted) {
    offsets.set(o.num, sink.length);
    sink.text(`${o.num} ${o.gen} obj\n`);
    writeObject(sink, o.value);
    sink.text('\nendobj\n');
  }
  const kind = options.xrefKind ?? doc.xrefKind;
  const trailer = buildTrailer(doc, sorted, options, kind === 'stream' ? 1 : 0);
  const xrefOffset = sink.length;
  if (kind === 'table') writeTable(sink, sorted, offsets, trailer);
  else writeXrefStream(sink, sorted, offsets, trailer, xrefOffset);
  sink.text(`startxref\n${xrefOffset}\n%%EOF\n`);
  return { bytes: sink.toBytes(), offsets, xrefOffset };
}

function buildTrailer(doc: PdfDocument, objects: readonly UpdateObject[], options: IncrementalOptions, extra: number): PdfDict {
  const old = doc.trailer.entries;
  let size = doc.size;
  for (const o of objects) size = Math.max(size, o.num + 1);
  const t = pdfDict({ Size: size + extra });
  for (const key of ['Root', 'Info']) {
    const v = old.get(key);
    if (v !== undefined) t.entries.set(key, v);
  }
  const id = old.get('ID');
  const id0: PdfString | undefined = isArray(id) && isString(id.items[0]) ? id.items[0] : options.id0 ? pdfHexString(options.id0) : undefined;
  if (id0) {
    const id1 = options.id1 ? pdfHexString(options.id1) : isArray(id) && isString(id.items[1]) ? id.items[1] : id0;
    t.entries.set('ID', pdfArray([id0, id1]));
  }
  t.entries.set('Prev', doc.startXref);
  return t;
}

/** Consecutive runs of object numbers, as subsections (§7.5.4). */
function runs(nums: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of nums) {
    const lastRun = out[out.length - 1];
    if (lastRun && lastRun[0] + lastRun[1] === n) lastRun[1]++;
    else out.push([n, 1]);
  }
  return out;
}

function writeTable(sink: ByteSink, objects: readonly UpdateObject[], offsets: Map<number, number>, trailer: PdfDict): void {
  sink.text('xref\n');
  const byNum = new Map(objects.map((o) => [o.num, o]));
  for (const [first, count] of runs(objects.map((o) => o.num))) {
    sink.text(`${first} ${count}\n`);
    for (let n = first; n < first + count; n++) {
      // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte EOL.
      sink.text(`${String(offsets.get(n)!).padStart(10, '0')} ${String(byNum.get(n)!.gen).padStart(5, '0')} n\r\n`);
    }
  }
  sink.text('trailer\n');
  writeObject(sink, trailer);
  sink.text('\n');
}

function bytesFor(n: number): number {
  let w = 1;
  while (n >= 256 ** w) w++;
  return w;
}

function writeXrefStream(sink: ByteSink, objects: readonly UpdateObject[], offsets: Map<number, number>, trailer: PdfDict, xrefOffset: number): void {
  const size = trailer.entries.get('Size') as number;
  const selfNum = size - 1;
  const rows: Array<{ num: number; offset: number; gen: number }> = objects.map((o) => ({ num: o.num, offset: offsets.get(o.num)!, gen: o.gen }));
  rows.push({ num: selfNum, offset: xrefOffset, gen: 0 });
  rows.sort((a, b) => a.num - b.num);
  const w1 = bytesFor(xrefOffset);
  const w2 = bytesFor(Math.max(1, ...rows.map((r) => r.gen)));
  const rowLen = 1 + w1 + w2;
  const data = new Uint8Array(rows.length * rowLen);
  rows.forEach((r, i) => {
    const at = i * rowLen;
    data[at] = 1;
    for (let k = 0; k < w1; k++) data[at + 1 + k] = Math.floor(r.offset / 256 ** (w1 - 1 - k)) & 0xff;
    for (let k = 0; k < w2; k++) data[at + 1 + w1 + k] = Math.floor(r.gen / 256 ** (w2 - 1 - k)) & 0xff;
  });
  const index: PdfObject[] = [];
  for (const [first, count] of runs(rows.map((r) => r.num))) index.push(first, count);
  const dict = pdfDict({ Type: pdfName('XRef') });
  for (const [k, v] of trailer.entries) dict.entries.set(k, v);
  dict.entries.set('W', pdfArray([1, w1, w2]));
  dict.entries.set('Index', pdfArray(index));
  dict.entries.set('Filter', pdfName('FlateDecode'));
  sink.text(`${selfNum} 0 obj\n`);
  writeObject(sink, { kind: 'stream', dict, data: zlibSync(data, { level: 6 }) });
  sink.text('\nendobj\n');
}

/** Allocates fresh object numbers after a document's highest one. */
export class ObjectAllocator {
  private next: number;
  constructor(doc: PdfDocument) {
    this.next = doc.size;
  }
  /** Returns a reference to a new object number (generation 0). */
  allocate(): ReturnType<typeof pdfRef> {
    return pdfRef(this.next++, 0);
  }
}
