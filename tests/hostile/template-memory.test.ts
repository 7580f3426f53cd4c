/**
 * What filling a template holds while it writes the package. The parsed trees of the package's parts
 * are by far its largest objects (about 200 bytes an element: fuzz seed 73's template-14, a 71 MB
 * document.xml of 2.8 million elements, held 550 MB). Writing kept every tree in the package's cache
 * and made a string of each changed part, the pieces it was joined from and its bytes next to them,
 * then compressed: the case peaked at 1.05 GB resident. Now the changed parts are serialised to
 * bytes in pieces and every tree is let go before anything is joined or compressed (841 MB, the
 * rest being the tree itself while the fill runs), and elements without attributes or children share
 * frozen empties, as the DOCX reader's trees do (742 MB). Checked as retention and as bytes held per
 * element, not as resident sizes.
 */
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../engine/template';
import { TemplatePackage } from '../../engine/template/package';
import { makeDocx, para } from '../helpers/make-docx';
import { gc, heapHeld } from '../helpers/heap';


/** Lets the current job end (a WeakRef's target is kept until it does), then collects. */
async function collect(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  gc();
}

/** Changes the main part; weak references to its tree and to an unchanged part's (none kept here). */
function edit(pkg: TemplatePackage, main: string): { changed: WeakRef<object>; rels: WeakRef<object> } {
  const doc = pkg.xml(main);
  doc.root.attrs['w:conformance'] = 'transitional';
  pkg.touch(main);
  return { changed: new WeakRef(doc), rels: new WeakRef(pkg.xml('word/_rels/document.xml.rels')) };
}

describe('template package: trees released when written', () => {
  it('keeps no parsed tree once the package is written, changed or not', async () => {
    const pkg = new TemplatePackage(makeDocx({ body: para('Dear {{name}}').repeat(50) }));
    const main = pkg.mainPart();
    const { changed, rels } = edit(pkg, main);
    const bytes = pkg.toBytes();
    await collect();
    expect(changed.deref()).toBeUndefined();
    expect(rels.deref()).toBeUndefined();
    expect(new TextDecoder().decode(new TemplatePackage(bytes).read(main))).toContain('w:conformance="transitional"');
    // Written once: the same bytes again, and no part read as XML from the original any more.
    expect(pkg.toBytes()).toEqual(bytes);
    expect(() => pkg.xml(main)).toThrow(/written/);
  });
});

/** Heap bytes a part's tree holds, per element: `paragraphs` paragraphs of one bold run each (five elements). */
function treeBytesPerElement(paragraphs: number): number {
  const pkg = new TemplatePackage(makeDocx({ body: '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>x</w:t></w:r></w:p>'.repeat(paragraphs) }));
  const main = pkg.mainPart();
  const { value: root, bytes } = heapHeld(() => pkg.xml(main).root);
  expect(root.children.length).toBe(1);
  return bytes / (paragraphs * 5);
}

describe('template package: compact trees', () => {
  it('holds a parsed element of a part in under 140 bytes', () => {
    treeBytesPerElement(200); // warm up
    // Before: 182 bytes (each element its own empty attribute object, each self-closing one its own
    // empty child list); sharing frozen empties: 123.
    expect(treeBytesPerElement(20_000)).toBeLessThan(140);
  });

  it('fills controls written as empty elements, which share the frozen empties until changed', async () => {
    const control = (tag: string, props: string, shown: string) =>
      `<w:sdt><w:sdtPr><w:tag w:val="${tag}"/>${props}</w:sdtPr><w:sdtContent><w:r><w:t>${shown}</w:t></w:r></w:sdtContent></w:sdt>`;
    const body = `<w:p>${control('cb', '<w14:checkbox/>', '\u2610')}${control('when', '<w:date/>', 'date')}</w:p><w:tbl><w:tr><w:tc/></w:tr></w:tbl>`;
    const r = await fillTemplate(makeDocx({ body }), { fields: [
      { id: 'cb', type: 'checkbox', value: true },
      { id: 'when', type: 'date', value: '2026-01-02' },
    ] });
    if (!r.ok) throw new Error(r.errors.map((e) => e.code).join());
    const xml = new TextDecoder().decode(new TemplatePackage(r.value.docx).read('word/document.xml'));
    expect(xml).toContain('<w14:checkbox><w14:checked w14:val="1"/></w14:checkbox>');
    expect(xml).toContain('<w:date w:fullDate="2026-01-02T00:00:00Z"/>');
    expect(xml).toContain('<w:tc><w:p/></w:tc>');
    expect(r.value.report.filled).toEqual(['cb', 'when']);
  });
});
