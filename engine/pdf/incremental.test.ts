import { describe, expect, it } from 'vitest';
import { makePdf, requireTool, run, tempDir, writeTemp } from '../../tests/sign/helpers/make-pdf';
import { openPdf } from './document';
import { writeIncrementalUpdate, ObjectAllocator } from './incremental';
import { copyDict, decodePdfText, isString, pdfText } from './objects';

describe('writeIncrementalUpdate', () => {
  for (const objectStreams of [false, true]) {
    const kind = objectStreams ? 'stream' : 'table';
    it(`appends a revision with a ${kind} xref that qpdf accepts and readers see`, async () => {
      requireTool('qpdf', 'qpdf');
      const input = await makePdf({ pages: 2, objectStreams });
      const doc = openPdf(input);
      if (!doc.ok) throw new Error('open failed');
      const d = doc.value;
      const alloc = new ObjectAllocator(d);
      const info = alloc.allocate();
      const root = d.rootRef()!;
      const catalog = copyDict(d.catalog()!);
      catalog.entries.set('Lang', pdfText('en-GB'));
      const out = writeIncrementalUpdate(d, [
        { num: root.num, gen: root.gen, value: catalog },
        { num: info.num, gen: 0, value: pdfText('a new object') },
      ], { id1: new Uint8Array(16).fill(7) });
      expect(Buffer.from(out.bytes.subarray(0, input.length)).equals(Buffer.from(input))).toBe(true);
      const again = openPdf(out.bytes);
      expect(again.ok).toBe(true);
      if (!again.ok) return;
      expect(again.value.xrefKind).toBe(kind);
      expect(again.value.xref.sections.length).toBe(d.xref.sections.length + 1);
      const lang = again.value.catalog()!.entries.get('Lang');
      expect(isString(lang) && decodePdfText(lang)).toBe('en-GB');
      expect(again.value.resolve(info)).toMatchObject({ kind: 'string' });
      const dir = tempDir();
      const check = run('qpdf', ['--check', writeTemp(dir, 'out.pdf', out.bytes)]);
      expect(check.out).toContain('No syntax or stream encoding errors');
      expect(check.status).toBe(0);
    });
  }

  it('adds an /ID when the file has none, then keeps /ID[0] and changes /ID[1] on the next revision', async () => {
    const input = await makePdf({ objectStreams: false });
    const first = openPdf(input);
    if (!first.ok) throw new Error('open failed');
    expect(first.value.trailer.entries.has('ID')).toBe(false);
    const root = first.value.rootRef()!;
    const rev1 = writeIncrementalUpdate(first.value, [{ num: root.num, gen: root.gen, value: first.value.catalog()! }], {
      id0: new Uint8Array([9, 9]),
      id1: new Uint8Array([1, 1]),
    });
    const second = openPdf(rev1.bytes);
    if (!second.ok) throw new Error('reopen failed');
    const rev2 = writeIncrementalUpdate(second.value, [{ num: root.num, gen: root.gen, value: second.value.catalog()! }], {
      id0: new Uint8Array([5]),
      id1: new Uint8Array([2, 2]),
    });
    const third = openPdf(rev2.bytes);
    if (!third.ok) throw new Error('reopen failed');
    const id = third.value.trailer.entries.get('ID') as { items: { bytes: Uint8Array }[] };
    expect(id.items[0]!.bytes).toEqual(new Uint8Array([9, 9]));
    expect(id.items[1]!.bytes).toEqual(new Uint8Array([2, 2]));
    expect(third.value.trailer.entries.get('Prev')).toBe(rev1.xrefOffset);
  });

  it('refuses to chain an update onto a file whose xref had to be rebuilt', async () => {
    const input = await makePdf();
    const d = openPdf(input.subarray(0, input.length - 40));
    if (!d.ok) throw new Error('open failed');
    expect(d.value.repaired).toBe(true);
    expect(() => writeIncrementalUpdate(d.value, [])).toThrowError(/rebuilt/);
  });
});
