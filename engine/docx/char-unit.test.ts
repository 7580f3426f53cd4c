import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../model';
import { makeDocx, run } from '../../tests/helpers/make-docx';
import { parseDocx } from './index';

function indentOf(body: string): Paragraph['props']['indent'] {
  const r = parseDocx(makeDocx({ body }), {}, {});
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  const p = r.value.sections[0]!.blocks.find((b): b is Paragraph => b.kind === 'paragraph');
  return p!.props.indent;
}

/** A paragraph whose mark is 15 pt, with the given content. */
function p15(ind: string, content: string): string {
  return `<w:p><w:pPr><w:ind ${ind}/><w:rPr><w:sz w:val="30"/></w:rPr></w:pPr>${content}</w:p>`;
}

describe('indents in characters (w:ind/@w:firstLineChars and friends)', () => {
  it('measures the character on the first run, not on the paragraph mark', () => {
    // Word's form: a 10 pt run first (its number boxes), then 15 pt text; 1400 chars saved as 2800 twips.
    const body = p15('w:firstLineChars="1400" w:firstLine="2800"', run('x', '<w:sz w:val="20"/>') + run('label', '<w:sz w:val="30"/>'));
    expect(indentOf(body).firstLinePt).toBe(140);
  });

  it('takes the first run even when it holds no text', () => {
    const pict = '<w:r><w:rPr><w:sz w:val="20"/></w:rPr><w:pict><v:rect style="position:absolute;width:18pt;height:15.6pt"/></w:pict></w:r>';
    const body = p15('w:leftChars="200" w:hangingChars="100"', pict + run('label', '<w:sz w:val="30"/>'));
    expect(indentOf(body)).toEqual({ leftPt: 20, rightPt: 0, firstLinePt: -10 });
  });

  it('finds the first run inside a hyperlink or content control', () => {
    const body = p15('w:firstLineChars="200"', `<w:sdt><w:sdtContent><w:hyperlink>${run('a', '<w:sz w:val="24"/>')}</w:hyperlink></w:sdtContent></w:sdt>`);
    expect(indentOf(body).firstLinePt).toBe(24);
  });

  it('adds twice the first run\'s letter spacing, as Word saves it (15 pt spaced 0.2 pt: 308 twips a character)', () => {
    const spaced = p15('w:firstLineChars="1100" w:firstLine="3388"', run('(2007)', '<w:spacing w:val="4"/><w:sz w:val="30"/>'));
    expect(indentOf(spaced).firstLinePt).toBeCloseTo(169.4, 6);
    const markOnly = '<w:p><w:pPr><w:ind w:firstLineChars="200" w:firstLine="616"/><w:rPr><w:spacing w:val="4"/><w:sz w:val="30"/></w:rPr></w:pPr></w:p>';
    expect(indentOf(markOnly).firstLinePt).toBeCloseTo(30.8, 6);
  });

  it('keeps twips indents as they are', () => {
    expect(indentOf(p15('w:firstLine="480"', run('a', '<w:sz w:val="20"/>'))).firstLinePt).toBe(24);
  });
});
