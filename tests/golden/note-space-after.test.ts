/**
 * A footnote's space after (w:spacing/@w:after of its paragraphs, §17.3.1.33) opens a gap below it in
 * the footnote area, and the separator's space after a gap above the first note: Word lays the area
 * out as one story of paragraphs, and spacing notes apart is what the Footnote Text style's space
 * after is for. Before, each note's story dropped its last paragraph's after, so notes sat one line
 * apart and the area was shorter than Word's: poi-stress011 (3 pt after each note, 4 pt after its
 * separator) ran up to 8 lines ahead of Word's page starts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** Exact 12 pt lines with `after` twentieths of a point after each paragraph. */
const spacing = (line: number, after: number) => `<w:spacing w:after="${after}" w:line="${line}" w:lineRule="exact"/>`;
const note = (id: number, text: string) =>
  `<w:footnote w:id="${id}"><w:p><w:pPr>${spacing(240, 120)}</w:pPr><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(text)}</w:p></w:footnote>`;
/** A separator paragraph 10 pt high with 4 pt after it, as UN documents draw theirs. */
const NOTES =
  `<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr>${spacing(200, 80)}</w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>` +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  note(1, ' First note.') +
  note(2, ' Second note.');

const ref = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
/** US Letter with 1-inch margins: the body ends 720 pt down. */
const SECT = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
const BODY_BOTTOM = 720;

async function layout(): Promise<LayoutDoc> {
  const body = `<w:p>${run('Text with two notes')}${ref(1)}${run(' and')}${ref(2)}</w:p>${para('More text.')}${SECT}`;
  return (await layoutDocx(makeDocx({ body, footnotes: NOTES }), 'note-space-after.docx', host)).doc;
}

/** The baseline of the glyph run showing `text` on the first page. */
function baselineOf(doc: LayoutDoc, text: string): number {
  const r = glyphRunsOn(doc, 0).find((g) => g.text.includes(text));
  if (!r) throw new Error(`no run with ${text}`);
  return r.y;
}

beforeAll(async () => {
  await initKernel();
});

describe('footnote space after', () => {
  it('separates consecutive notes by their line and the space after', async () => {
    const doc = await layout();
    // 12 pt line + 6 pt after; without the after the notes sat 12 pt apart.
    expect(baselineOf(doc, 'Second note.') - baselineOf(doc, 'First note.')).toBeCloseTo(18, 2);
  });

  it('makes the footnote area as tall as its paragraphs with their spacing, the separator included', async () => {
    const doc = await layout();
    const rules = flatItems(doc.pages[0]!.items).filter((i) => i.kind === 'line');
    expect(rules).toHaveLength(1);
    const rule = rules[0]!;
    if (rule.kind !== 'line') throw new Error('not a line');
    // The separator's line is drawn halfway down its 14 pt (10 pt line + 4 pt after); two notes of
    // 12 + 6 pt fill the rest down to the body's bottom: 7 + 18 + 18 = 43 pt (5 + 12 + 12 before).
    expect(BODY_BOTTOM - rule.y1).toBeCloseTo(43, 2);
  });
});
