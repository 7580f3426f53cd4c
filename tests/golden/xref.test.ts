/**
 * Cross-references, TOC, links and outline end to end (issue 4, item 6): each xref fixture's
 * feature in the LayoutDoc, and in the PDF checked with `qpdf --check` and `qpdf --json` (link
 * annotations' /Rect and /A, the outline tree's /First /Last /Next /Prev /Parent /Count). The PDF
 * checks are skipped, saying so, only when qpdf is not installed. Golden dumps of the same
 * fixtures live in layout.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem, LinkItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { WORD_DEFAULT_STYLES, makeDocx, run } from '../helpers/make-docx';
import { XREF_FIXTURES, field } from './xref-fixtures';
import { flatItems, layoutDocx } from '../helpers/layout-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

function layout(name: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx(XREF_FIXTURES[name]!), `${name}.docx`, host);
}

const flat = flatItems;
const runs = (d: LayoutDoc, page = 0) => flat(d.pages[page]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const pageText = (d: LayoutDoc, page = 0) => runs(d, page).map((r) => r.text).join('|');
const links = (d: LayoutDoc, page = 0) => flat(d.pages[page]!.items).filter((i): i is LinkItem => i.kind === 'link');

const hasQpdf = (() => {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasQpdf) console.warn('xref.test: qpdf is not installed; the PDF structure checks are skipped (CI installs qpdf).');

interface QpdfObjects {
  readonly [key: string]: { readonly value?: Record<string, unknown> } | undefined;
}

/** Converts a fixture and returns qpdf's --check verdict and its JSON object table. */
async function pdfOf(name: string): Promise<{ check: string; objects: QpdfObjects; warnings: string[] }> {
  const r = await convertDocxToPdf(makeDocx(XREF_FIXTURES[name]!), {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const file = join(mkdtempSync(join(tmpdir(), 'colophon-xref-')), `${name}.pdf`);
  writeFileSync(file, r.value.pdf);
  const check = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 << 20 })) as { qpdf: [unknown, QpdfObjects] };
  return { check, objects: json.qpdf[1], warnings: r.warnings.map((w) => w.code) };
}

function obj(objects: QpdfObjects, ref: unknown): Record<string, unknown> {
  const v = objects[`obj:${String(ref)}`]?.value;
  if (!v) throw new Error(`no object ${String(ref)}`);
  return v;
}

function catalog(objects: QpdfObjects): Record<string, unknown> {
  const trailer = objects['trailer']!.value as { '/Root': string };
  return obj(objects, trailer['/Root']);
}

beforeAll(async () => {
  await initKernel();
});

describe('cross-references in layout', () => {
  it('PAGEREF: a cached result that moves its own target is laid out again until the page number is stable', async () => {
    const { doc, codes } = await layout('xref-pageref-relayout');
    const target = doc.destinations['Target']!;
    expect(target.page).toBe(1);
    expect(pageText(doc)).toContain(`The target is on page ${doc.pages[target.page]!.label}.`);
    expect(pageText(doc)).not.toContain('thousand');
    expect(codes).not.toContain('layout/fields-unstable');
  });

  it('PAGEREF: a page number that keeps moving its own target stops after three passes with layout/fields-unstable', async () => {
    const { doc, codes } = await layout('xref-pageref-unstable');
    expect(codes).toContain('layout/fields-unstable');
    expect(doc.destinations['T']).toBeDefined();
    expect(pageText(doc)).toMatch(/See \|?page(three|four)/);
  });

  it('PAGEREF: a pass whose page-dependent fields all print the same under the state it leads to is kept, not laid out again', async () => {
    // Each pass reports every page it opens (stage layout, no total); drawing reports with a total.
    const opened = async (name: string) => {
      let pages = 0;
      const counting = { ...host, onProgress: (e: { stage: string; total?: number }) => void (e.stage === 'layout' && e.total === undefined && pages++) };
      const r = await layoutDocx(makeDocx(XREF_FIXTURES[name]!), `${name}.docx`, counting);
      return { pages, doc: r.doc };
    };
    const current = await opened('xref-pageref-current');
    const stale = await opened('xref-pageref-stale');
    expect(current.doc.pages).toHaveLength(2);
    expect(current.pages).toBe(2);
    expect(stale.pages).toBe(4);
    expect((await opened('xref-pageref-current-numpages-header')).pages).toBe(4);
    expect(pageText(current.doc)).toContain('See page 2');
    expect(pageText(stale.doc)).toContain('See page 2');
  });

  it('REF \\h prints the bookmark text and links to it; REF \\p alone says where it is', async () => {
    const { doc } = await layout('xref-ref-hyperlinked');
    expect(pageText(doc)).toContain('See “Introduction to the engine” above.');
    expect(pageText(doc)).not.toContain('stale text');
    const link = links(doc).find((l) => l.dest === 'Intro');
    expect(link).toBeDefined();
    expect(doc.destinations['Intro']).toMatchObject({ page: 0 });
  });

  it('NOTEREF prints the number of the note in the bookmark, not its stale cache', async () => {
    const { doc } = await layout('xref-noteref');
    expect(pageText(doc)).toContain('As note |2| says.'.replace(/\|/g, ''));
    expect(links(doc).some((l) => l.dest === '_Ref2')).toBe(true);
  });

  it('SEQ numbers figures in document order, \\r resets, \\c repeats, and each identifier counts alone in its \\* format', async () => {
    const { doc } = await layout('xref-seq-figures');
    const t = pageText(doc);
    for (const s of ['Figure 1 caption 1', 'Figure 2 caption 2', 'Figure 10 caption 3', 'Figure 10 caption 4', 'Table I']) expect(t).toContain(s);
  });

  it('STYLEREF in a header shows the first heading on the page, else the last one before it', async () => {
    const { doc } = await layout('xref-styleref-header');
    expect(doc.pages.length).toBeGreaterThanOrEqual(3);
    const header = (p: number) => runs(doc, p).filter((r) => r.y < 72).map((r) => r.text).join('');
    expect(header(0)).toBe('Alpha chapter');
    expect(header(1)).toBe('Beta chapter');
    expect(header(2)).toBe('Beta chapter');
    expect(pageText(doc, 0)).not.toContain('Cached heading');
  });

  it('STYLEREF 1 \\s, the chapter number of a Word caption, shows the numbered heading\'s number without its period', async () => {
    const styles =
      WORD_DEFAULT_STYLES +
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>';
    const numbering =
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
    const heading = (t: string) => `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run(t)}</w:p>`;
    const caption = `<w:p>${run('Table ')}${field('STYLEREF 1 \\s', 'stale')}${run('.')}${field('SEQ Table \\* ARABIC \\s 1', '9')}</w:p>`;
    const body = heading('Intro') + heading('Methods') + caption;
    const { doc } = await layoutDocx(makeDocx({ styles, numbering, body }), 'styleref-s.docx', host);
    expect(pageText(doc)).toContain('Table 2.1');
    expect(pageText(doc)).not.toContain('Table Methods');
  });

  it('TOC: three levels regenerated with toc N indents, dot leaders to the right margin, page numbers and links', async () => {
    const { doc } = await layout('xref-toc-three-levels');
    const t = runs(doc, 0);
    expect(t.some((r) => r.text.includes('Old entry'))).toBe(false);
    const entry = (s: string) => t.find((r) => r.text === s)!;
    expect(entry('Getting started').x).toBeCloseTo(72, 0);
    expect(entry('Installing').x).toBeCloseTo(83, 0);
    expect(entry('On a server').x).toBeCloseTo(94, 0);
    const leaders = t.filter((r) => /^\.{20,}$/.test(r.text));
    expect(leaders.length).toBe(5);
    const numbers = t.filter((r) => /^\d+$/.test(r.text));
    expect(numbers.map((r) => r.text)).toEqual(['2', '2', '2', '3', '3']);
    for (const n of numbers) expect(n.x + n.advances.reduce((a, b) => a + b, 0)).toBeCloseTo(540, 0);
    // Each entry links to the bookmark added on its heading, which is where the outline points too.
    const dests = [...new Set(links(doc).map((l) => l.dest))];
    expect(dests).toHaveLength(5);
    for (const d of dests) expect(doc.destinations[d!]).toBeDefined();
    expect(doc.destinations[dests[0]!]!.page).toBe(1);
    expect(doc.outline.map((o) => o.level)).toEqual([0, 1, 2, 0, 1]);
  });

  it("TOC with tocs: 'cached' keeps the entries the document saved", async () => {
    const parsed = parseDocx(makeDocx(XREF_FIXTURES['xref-toc-three-levels']!), { tocs: 'cached' }, host);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const laid = await layoutDocument(parsed.value, {}, host);
    if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
    expect(pageText(laid.value, 0)).toContain('Old entry');
    expect(pageText(laid.value, 0)).not.toMatch(/Installing/);
  });

  it('links: bookmark anchors and URLs become link areas; the outline nests headings by level', async () => {
    const { doc } = await layout('xref-links');
    expect(links(doc).some((l) => l.dest === 'Far')).toBe(true);
    expect(links(doc).some((l) => l.url === 'javascript:alert(1)')).toBe(true);
    const outline = (await layout('xref-outline')).doc.outline;
    expect(outline.map((o) => [o.title, o.level])).toEqual([['One', 0], ['One.A', 1], ['One.A.i', 2], ['One.B', 1], ['Two — δύο', 0]]);
  });
});

describe.skipIf(!hasQpdf)('navigation in the PDF (qpdf)', () => {
  it('internal links are GoTo actions to the bookmark, URLs are URI actions, javascript: is refused with a warning', async () => {
    const { check, objects, warnings } = await pdfOf('xref-links');
    expect(check).toContain('No syntax or stream encoding errors found');
    const annots = Object.values(objects)
      .map((o) => o?.value)
      .filter((v): v is Record<string, unknown> => !!v && v['/Subtype'] === '/Link');
    const actions = annots.map((a) => a['/A'] as Record<string, unknown>);
    expect(annots).toHaveLength(2);
    for (const a of annots) {
      const rect = a['/Rect'] as number[];
      expect(rect).toHaveLength(4);
      expect(rect[2]!).toBeGreaterThan(rect[0]!);
      expect(rect[3]!).toBeGreaterThan(rect[1]!);
    }
    const goTo = actions.find((a) => a['/S'] === '/GoTo')!;
    const dest = goTo['/D'] as unknown[];
    expect(dest[1]).toBe('/XYZ');
    const pages = obj(objects, catalog(objects)['/Pages'])['/Kids'] as string[];
    expect(dest[0]).toBe(pages[1]);
    const uri = actions.find((a) => a['/S'] === '/URI')!;
    // Non-ASCII is percent-encoded; parentheses survive as literal-string escapes.
    expect(uri['/URI']).toBe('u:https://example.com/a(b)?q=%C3%A9');
    expect(actions.some((a) => JSON.stringify(a).includes('javascript'))).toBe(false);
    expect(warnings).toContain('render/unsafe-link');
  });

  it('the outline tree is consistent: /First /Last /Next /Prev /Parent /Count, UTF-16 titles when needed', async () => {
    const { check, objects } = await pdfOf('xref-outline');
    expect(check).toContain('No syntax or stream encoding errors found');
    const rootRef = catalog(objects)['/Outlines'] as string;
    const titles: Array<[string, number]> = [];
    const walk = (ref: string, depth: number): number => {
      const node = obj(objects, ref);
      const first = node['/First'] as string | undefined;
      let children = 0;
      let prev: string | undefined;
      for (let c = first; c; c = obj(objects, c)['/Next'] as string | undefined) {
        const child = obj(objects, c);
        expect(child['/Parent']).toBe(ref);
        expect(child['/Prev']).toBe(prev);
        titles.push([String(child['/Title']), depth]);
        walk(c, depth + 1);
        prev = c;
        children++;
      }
      expect(node['/Last']).toBe(prev);
      if (children > 0) expect(node['/Count']).toBe(depth === 0 ? children : -children);
      return children;
    };
    expect(walk(rootRef, 0)).toBe(2);
    expect(titles).toEqual([['u:One', 0], ['u:One.A', 1], ['u:One.A.i', 2], ['u:One.B', 1], ['u:Two — δύο', 0]]);
    const raw = Object.values(objects).find((o) => o?.value?.['/Title'] === 'u:Two — δύο')!;
    expect(raw).toBeDefined();
  });

  it('a regenerated TOC passes qpdf --check and its entries link to the headings', async () => {
    const { check, objects } = await pdfOf('xref-toc-three-levels');
    expect(check).toContain('No syntax or stream encoding errors found');
    const gotos = Object.values(objects)
      .map((o) => o?.value)
      .filter((v): v is Record<string, unknown> => !!v && v['/Subtype'] === '/Link')
      .map((a) => (a['/A'] as Record<string, unknown>)['/S']);
    expect(gotos.length).toBeGreaterThanOrEqual(5);
    expect(new Set(gotos)).toEqual(new Set(['/GoTo']));
  });
});
