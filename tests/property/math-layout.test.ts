/**
 * Math layout over random nested OMML: reading and typesetting never throw, and every box of the
 * result has a finite, non-negative width and height (the equation's ascent and descent too).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMathTree } from '../../engine/docx/math-tree';
import { layoutMath, type MathBox } from '../../engine/layout/math';
import { MATH_TEST_FACES, MATH_TEST_PROPS } from '../../engine/layout/math/test-util';
import type { MathInline, RunProps } from '../../engine/model';
import { parseXml } from '../../engine/xml';

const NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const text = fc.constantFrom('x', 'a+b', '2', '=', 'sin', '−', '(', '∑', 'αβ', '', 'dx', '&', ' ', '中', '⏟');
const sty = fc.constantFrom('', '<m:rPr><m:sty m:val="p"/></m:rPr>', '<m:rPr><m:scr m:val="double-struck"/></m:rPr>', '<m:rPr><m:nor/></m:rPr>');
const leaf = fc.tuple(sty, text).map(([p, t]) => `<m:r>${p}<m:t>${t}</m:t></m:r>`);
const chr = fc.constantFrom('', '∑', '∫', '∏', '[', '{', '⟨', '|', '̂', '⃗', '⏞', 'x');

const { node } = fc.letrec<{ node: string; row: string }>((tie) => ({
  row: fc.array(tie('node'), { minLength: 0, maxLength: 3 }).map((a) => a.join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('row'), tie('row'), fc.constantFrom('bar', 'noBar', 'lin', 'skw')).map(([n, d, t]) => `<m:f><m:fPr><m:type m:val="${t}"/></m:fPr><m:num>${n}</m:num><m:den>${d}</m:den></m:f>`),
    fc.tuple(tie('row'), tie('row'), tie('row'), fc.constantFrom('sSup', 'sSub', 'sSubSup', 'sPre')).map(([e, a, b, k]) => `<m:${k}><m:e>${e}</m:e><m:sub>${a}</m:sub><m:sup>${b}</m:sup></m:${k}>`),
    fc.tuple(tie('row'), tie('row')).map(([d, e]) => `<m:rad><m:deg>${d}</m:deg><m:e>${e}</m:e></m:rad>`),
    fc.tuple(chr, tie('row'), tie('row'), tie('row'), fc.constantFrom('undOvr', 'subSup')).map(([c, a, b, e, l]) =>
      `<m:nary><m:naryPr><m:chr m:val="${c}"/><m:limLoc m:val="${l}"/><m:grow/></m:naryPr><m:sub>${a}</m:sub><m:sup>${b}</m:sup><m:e>${e}</m:e></m:nary>`),
    fc.tuple(chr, chr, fc.array(tie('row'), { maxLength: 3 })).map(([b, e, items]) => `<m:d><m:dPr><m:begChr m:val="${b}"/><m:endChr m:val="${e}"/></m:dPr>${items.map((i) => `<m:e>${i}</m:e>`).join('')}</m:d>`),
    fc.tuple(tie('row'), tie('row')).map(([n, e]) => `<m:func><m:fName>${n}</m:fName><m:e>${e}</m:e></m:func>`),
    fc.tuple(chr, tie('row')).map(([c, e]) => `<m:acc><m:accPr><m:chr m:val="${c}"/></m:accPr><m:e>${e}</m:e></m:acc>`),
    fc.tuple(tie('row'), fc.constantFrom('top', 'bot')).map(([e, p]) => `<m:bar><m:barPr><m:pos m:val="${p}"/></m:barPr><m:e>${e}</m:e></m:bar>`),
    fc.tuple(chr, tie('row'), fc.constantFrom('top', 'bot')).map(([c, e, p]) => `<m:groupChr><m:groupChrPr><m:chr m:val="${c}"/><m:pos m:val="${p}"/></m:groupChrPr><m:e>${e}</m:e></m:groupChr>`),
    fc.tuple(tie('row'), tie('row'), fc.constantFrom('limLow', 'limUpp')).map(([e, l, k]) => `<m:${k}><m:e>${e}</m:e><m:lim>${l}</m:lim></m:${k}>`),
    fc.array(tie('row'), { maxLength: 3 }).map((rows) => `<m:eqArr>${rows.map((e) => `<m:e>${e}</m:e>`).join('')}</m:eqArr>`),
    fc.array(fc.array(tie('row'), { maxLength: 3 }), { maxLength: 3 }).map((rows) => `<m:m>${rows.map((r) => `<m:mr>${r.map((e) => `<m:e>${e}</m:e>`).join('')}</m:mr>`).join('')}</m:m>`),
    fc.tuple(tie('row'), fc.boolean()).map(([e, b]) => (b ? `<m:borderBox><m:e>${e}</m:e></m:borderBox>` : `<m:box><m:e>${e}</m:e></m:box>`)),
    fc.tuple(tie('row'), fc.boolean(), fc.boolean()).map(([e, s, z]) => `<m:phant><m:phantPr><m:show m:val="${s ? 1 : 0}"/><m:zeroWid m:val="${z ? 1 : 0}"/></m:phantPr><m:e>${e}</m:e></m:phant>`),
    fc.tuple(tie('row')).map(([e]) => `<m:unknownThing>${e}</m:unknownThing>`),
  ),
}));

/** Every box of a tree, with the problem found, if any. */
function badBoxes(box: MathBox, out: string[] = [], depth = 0): string[] {
  const finite = [box.width, box.ascent, box.descent].every(Number.isFinite);
  if (!finite || box.width < 0 || box.ascent + box.descent < -1e-9) out.push(`${depth}: ${box.width} ${box.ascent} ${box.descent}`);
  for (const p of box.parts) {
    if (p.kind === 'box') badBoxes(p.box, out, depth + 1);
    else if (p.kind === 'rule' && ![p.x, p.y, p.w, p.h].every(Number.isFinite)) out.push(`rule ${depth}`);
    else if (p.kind === 'glyphs' && !p.advances.every(Number.isFinite)) out.push(`glyphs ${depth}`);
  }
  return out;
}

describe('math layout over random OMML', () => {
  it('never throws and gives finite, non-negative boxes', () => {
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 3 }), fc.boolean(), (nodes, display) => {
        const xml = parseXml(`<m:oMath ${NS}>${nodes.join('')}</m:oMath>`);
        if (!xml.ok) return;
        const { tree } = readMathTree(xml.value.root, { runProps: () => MATH_TEST_PROPS as RunProps, intLim: 'subSup', naryLim: 'undOvr' });
        const inline = { kind: 'math', linearText: '', display, props: MATH_TEST_PROPS, tree } as MathInline;
        const box = layoutMath(inline, MATH_TEST_FACES, display);
        if (!box) return;
        expect(badBoxes(box)).toEqual([]);
        expect(box.ascent).toBeGreaterThanOrEqual(0);
        expect(box.descent).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300, seed: 18 },
    );
  });
});
