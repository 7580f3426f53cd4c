/**
 * Run borders (w:rPr/w:bdr, ECMA-376 Part 1 §17.3.2.4) were read but never drawn: aspose-Rendering's
 * red box around "borders, and it is supported", oxsdk-Hyperlink_-_internal's boxed "Note" labels and
 * poi-bug59058's framed pictures were missing. Adjacent runs with identical border attributes are one
 * group inside one box; the group keeps the border's width and w:space as room at its two ends (as
 * LibreOffice lays it out); each line's part of a group is a closed box; w:shadow casts the right and
 * bottom sides again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { inlinePicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A 1 pt (sz 8) single border, `space` points from the text. */
const bdr = (color = 'FF0000', space = 0, extra = '') => `<w:bdr w:val="single" w:sz="8" w:space="${space}" w:color="${color}"${extra}/>`;
const FONT = '<w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:sz w:val="24"/>';

async function layout(body: string, name: string, styles?: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx(styles ? { body, styles } : { body }), name, host)).doc;
}

const lines = (d: LayoutDoc): LineItem[] => flatItems(d.pages[0]!.items).filter((i): i is LineItem => i.kind === 'line');
const glyphs = (d: LayoutDoc): GlyphRun[] => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const runWith = (d: LayoutDoc, s: string) => glyphs(d).find((g) => g.text.includes(s))!;
const width = (g: GlyphRun) => g.advances.reduce((a, b) => a + b, 0);

/** The boxes the lines draw: one per left side (a vertical line), with its top and bottom lines. */
function boxes(d: LayoutDoc): Array<{ left: number; right: number; top: number; bottom: number; color: string }> {
  const ls = lines(d);
  const vertical = ls.filter((l) => Math.abs(l.x1 - l.x2) < 0.001).sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
  const out: Array<{ left: number; right: number; top: number; bottom: number; color: string }> = [];
  for (let k = 0; k + 1 < vertical.length; k += 2) {
    const [l, r] = [vertical[k]!, vertical[k + 1]!];
    out.push({ left: l.x1 - l.width / 2, right: r.x1 + r.width / 2, top: Math.min(l.y1, l.y2), bottom: Math.max(l.y1, l.y2), color: l.color });
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('a run border', () => {
  it('draws one box around adjacent runs with identical borders, with their room at its ends', async () => {
    // The boxed run has a colour of its own, so that it is a glyph run of its own without the border too.
    const body = `<w:p>${run('Before ', FONT)}${run('boxed', `${FONT}<w:color w:val="000001"/>${bdr()}`)}${run(' text', `${FONT}<w:b/>${bdr()}`)}${run(' after', FONT)}</w:p>`;
    const plain = `<w:p>${run('Before ', FONT)}${run('boxed', `${FONT}<w:color w:val="000001"/>`)}${run(' text', `${FONT}<w:b/>`)}${run(' after', FONT)}</w:p>`;
    const doc = await layout(body, 'run-border.docx');
    const ref = await layout(plain, 'run-border-plain.docx');
    expect(lines(ref)).toHaveLength(0);
    // One box of four sides: no border between the two runs of the group.
    expect(lines(doc)).toHaveLength(4);
    const [box] = boxes(doc);
    const first = runWith(doc, 'boxed');
    const bold = runWith(doc, 'text');
    // The border's width is room before the group's first letter and after its last.
    expect(first.x - box!.left).toBeCloseTo(1, 3);
    expect(box!.right - (bold.x + width(bold))).toBeCloseTo(0, 3);
    expect(first.x - runWith(ref, 'boxed').x).toBeCloseTo(1, 3);
    expect(runWith(doc, 'after').x - runWith(ref, 'after').x).toBeCloseTo(2, 3);
    // Around the text: from above its ascent to below its descent (12 pt Liberation Sans), the border outside.
    expect(first.y - box!.top).toBeGreaterThan(0.9 * 12);
    expect(box!.bottom - first.y).toBeGreaterThan(0.21 * 12 + 1 - 0.001);
    for (const l of lines(doc)) expect([l.color, l.width]).toEqual(['FF0000', 1]);
  });

  it('draws two boxes where the borders differ, and none for w:val="none"', async () => {
    const two = await layout(`<w:p>${run('red', FONT + bdr('FF0000'))}${run('blue', FONT + bdr('0000FF'))}</w:p>`, 'run-border-two.docx');
    expect(boxes(two).map((b) => b.color)).toEqual(['FF0000', '0000FF']);
    // Each group keeps its own room: the second box starts where the first ends.
    const [a, b] = boxes(two);
    expect(b!.left).toBeCloseTo(a!.right, 3);
    const none = await layout(`<w:p>${run('plain', `${FONT}<w:bdr w:val="none" w:sz="0" w:space="0" w:color="auto"/>`)}</w:p>`, 'run-border-none.docx');
    expect(lines(none)).toHaveLength(0);
  });

  it('keeps w:space between the text and the border on every side', async () => {
    const tight = boxes(await layout(`<w:p>${run('spaced', FONT + bdr('FF0000', 0))}</w:p>`, 'run-border-0.docx'))[0]!;
    const spaced = await layout(`<w:p>${run('spaced', FONT + bdr('FF0000', 4))}</w:p>`, 'run-border-4.docx');
    const box = boxes(spaced)[0]!;
    expect(runWith(spaced, 'spaced').x - box.left).toBeCloseTo(5, 3);
    expect(box.right - box.left - (tight.right - tight.left)).toBeCloseTo(8, 3);
    expect(box.bottom - box.top - (tight.bottom - tight.top)).toBeCloseTo(8, 3);
  });

  it('closes the box on each line of a group broken across lines', async () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const doc = await layout(`<w:p>${run(words, FONT + bdr())}</w:p>`, 'run-border-lines.docx');
    const ys = new Set(glyphs(doc).map((g) => g.y.toFixed(2)));
    expect(ys.size).toBeGreaterThan(1);
    expect(boxes(doc)).toHaveLength(ys.size);
    expect(lines(doc)).toHaveLength(4 * ys.size);
  });

  it('casts a shadow of its right and bottom sides with w:shadow', async () => {
    const doc = await layout(`<w:p>${run('shadowed', FONT + bdr('000080', 0, ' w:shadow="1"'))}</w:p>`, 'run-border-shadow.docx');
    const ls = lines(doc);
    expect(ls).toHaveLength(6);
    const xs = ls.filter((l) => Math.abs(l.x1 - l.x2) < 0.001).map((l) => l.x1).sort((a, b) => a - b);
    expect(xs[2]! - xs[1]!).toBeCloseTo(1, 3);
  });

  it('comes from a character style, and a direct w:val="none" takes it away', async () => {
    const styles = `<w:style w:type="character" w:styleId="Boxed"><w:name w:val="Boxed"/><w:rPr>${bdr('00AA00')}</w:rPr></w:style>`;
    const styled = await layout(`<w:p>${run('styled', `<w:rStyle w:val="Boxed"/>${FONT}`)}</w:p>`, 'run-border-style.docx', styles);
    expect(boxes(styled).map((b) => b.color)).toEqual(['00AA00']);
    const removed = await layout(`<w:p>${run('styled', `<w:rStyle w:val="Boxed"/>${FONT}<w:bdr w:val="nil"/>`)}</w:p>`, 'run-border-style-none.docx', styles);
    expect(lines(removed)).toHaveLength(0);
  });

  it('frames an inline picture in a bordered run, with its room beside it', async () => {
    const pic = inlinePicture('rIdImg', 72, 36).replace('<w:r><w:drawing>', `<w:r><w:rPr>${bdr('CCCCCC', 0)}</w:rPr><w:drawing>`);
    const body = `<w:p>${run('A ', FONT)}${pic}${run(' B', FONT)}</w:p>`;
    const docx = makeDocx({ body, media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } });
    const doc = (await layoutDocx(docx, 'run-border-picture.docx', host)).doc;
    const image = flatItems(doc.pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;
    const [box] = boxes(doc);
    expect(boxes(doc)).toHaveLength(1);
    expect(image.x - box!.left).toBeCloseTo(1, 3);
    expect(box!.right - (image.x + image.w)).toBeCloseTo(1, 3);
    expect(image.y - box!.top).toBeCloseTo(1, 3);
    expect(box!.bottom - (image.y + image.h)).toBeCloseTo(1, 3);
    expect(runWith(doc, 'B').x - (image.x + image.w)).toBeCloseTo(1, 3);
  });

  it('grows its line by its room above and below the text', async () => {
    const single = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
    const doc = (rPr: string) => `<w:p>${single}${run('first', FONT)}</w:p><w:p>${single}${run('boxed', FONT + rPr)}</w:p><w:p>${single}${run('next', FONT)}</w:p>`;
    const plain = await layout(doc(''), 'run-border-line-plain.docx');
    const boxed = await layout(doc(bdr('FF0000', 2)), 'run-border-line.docx');
    const y = (d: LayoutDoc, s: string) => runWith(d, s).y;
    // 1 pt border and 2 pt space: 3 pt more above the baseline, 3 pt more below it.
    expect(y(boxed, 'boxed') - y(boxed, 'first') - (y(plain, 'boxed') - y(plain, 'first'))).toBeCloseTo(3, 3);
    expect(y(boxed, 'next') - y(boxed, 'first') - (y(plain, 'next') - y(plain, 'first'))).toBeCloseTo(6, 3);
    // The box's outer edges are the line's top and bottom: a plain line's height and the room twice.
    const box = boxes(boxed)[0]!;
    expect(box.bottom - box.top).toBeCloseTo(y(plain, 'next') - y(plain, 'boxed') + 6, 3);
  });

  it('keeps one box across a tab of the bordered run', async () => {
    const tab = `<w:r><w:rPr>${FONT}${bdr()}</w:rPr><w:tab/></w:r>`;
    const doc = await layout(`<w:p>${run('Name:', FONT + bdr())}${tab}${run('Value', FONT + bdr())}</w:p>`, 'run-border-tab.docx');
    expect(boxes(doc)).toHaveLength(1);
    expect(lines(doc)).toHaveLength(4);
    const box = boxes(doc)[0]!;
    const value = runWith(doc, 'Value');
    expect(runWith(doc, 'Name').x - box.left).toBeCloseTo(1, 3);
    expect(box.right - (value.x + width(value))).toBeCloseTo(0, 3);
  });
});
