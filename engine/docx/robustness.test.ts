import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeDocx, para, run, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { parseDocx } from './index';

const NUMBERING = '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const BODY = para('Title', '<w:pStyle w:val="Heading1"/>') +
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run('item')}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
  `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc>${para('cell')}</w:tc></w:tr></w:tbl>` +
  `<w:p><w:ins w:id="1" w:author="A">${run('ins')}</w:ins><w:hyperlink w:anchor="x">${run('link', '<w:b/><w:color w:val="FF0000"/>')}</w:hyperlink></w:p>`;
const SAMPLE = { body: BODY, styles: WORD_DEFAULT_STYLES, numbering: NUMBERING, footnotes: `<w:footnote w:id="1">${para('note')}</w:footnote>` };

/** Runs parseDocx and checks the contract: a result object, never an exception, within a time bound. */
function checkContract(bytes: Uint8Array): void {
  const t = performance.now();
  const r = parseDocx(bytes, {}, {});
  expect(performance.now() - t).toBeLessThan(2000);
  expect(typeof r.ok).toBe('boolean');
  if (!r.ok) {
    expect(r.errors.length).toBeGreaterThan(0);
    for (const e of r.errors) expect(e.code).toMatch(/^[a-z]+\/[a-z-]+$/);
  }
}

describe('robustness', () => {
  it('never throws on randomly mutated zip bytes', () => {
    const base = makeDocx(SAMPLE);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }), (edits) => {
        const bytes = base.slice();
        for (const [at, value] of edits) bytes[at] = value;
        checkContract(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on truncated packages', () => {
    const base = makeDocx(SAMPLE);
    fc.assert(fc.property(fc.nat(base.length), (n) => checkContract(base.subarray(0, n))), { numRuns: 60 });
  });

  it('never throws on mutated document.xml text', () => {
    const doc = new TextDecoder().decode(makeDocxDocument());
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(doc.length), fc.nat(12), fc.constantFrom('', '<', '>', '"', '/', 'w:p', '<w:r>', '</w:t>', 'w:val="x"', '&amp;', '<w:tbl>', '<w:fldChar w:fldCharType="end"/>', '\u0000')), { minLength: 1, maxLength: 8 }),
        (edits) => {
          let s = doc;
          for (const [at, del, ins] of edits) s = s.slice(0, Math.min(at, s.length)) + ins + s.slice(Math.min(at + del, s.length));
          checkContract(makeDocx({ ...SAMPLE, rawDocument: s }));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('flattens tables nested deeper than the story limit, and refuses XML deeper than the parser limit', () => {
    const nest = (n: number) => {
      let cell = para('deep');
      for (let i = 0; i < n; i++) cell = `<w:tbl><w:tblGrid><w:gridCol w:w="100"/></w:tblGrid><w:tr><w:tc>${cell}</w:tc></w:tr></w:tbl>`;
      return cell;
    };
    const flat = parseDocx(makeDocx({ body: nest(40) }), {}, {});
    expect(flat.ok).toBe(true);
    expect(flat.warnings.map((w) => w.code)).toContain('docx/too-deep');
    const refused = parseDocx(makeDocx({ body: nest(120) }), {}, {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0]!.message).toMatch(/nests elements deeper than 256/);
  });

  it('handles cyclic styles, self-based styles and unknown references', () => {
    const styles = '<w:style w:type="paragraph" w:styleId="A"><w:basedOn w:val="A"/></w:style><w:style w:type="paragraph" w:styleId="B"><w:basedOn w:val="C"/><w:link w:val="B"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="C"><w:basedOn w:val="B"/></w:style><w:style w:type="character" w:styleId="D"><w:basedOn w:val="Nope"/></w:style>';
    const body = para('a', '<w:pStyle w:val="A"/>') + para('b', '<w:pStyle w:val="B"/><w:numPr><w:numId w:val="99"/></w:numPr>') + `<w:p>${run('c', '<w:rStyle w:val="B"/>')}${run('d', '<w:rStyle w:val="D"/>')}</w:p>`;
    const r = parseDocx(makeDocx({ body, styles }), {}, {});
    expect(r.ok).toBe(true);
  });

  it('keeps many repeated unsupported elements to one counted warning', () => {
    const body = `<w:p>${'<w:unknownThing/>'.repeat(5000)}${run('x')}</w:p>`;
    const r = parseDocx(makeDocx({ body }), {}, {});
    expect(r.ok).toBe(true);
    const w = r.warnings.filter((d) => d.code === 'docx/unsupported-element');
    expect(w).toHaveLength(1);
    expect(w[0]!.count).toBe(5000);
  });

  it('applies caller limits (entry count, XML depth) as diagnostics', () => {
    const bytes = makeDocx(SAMPLE);
    const few = parseDocx(bytes, { limits: { maxEntries: 2 } }, {});
    expect(few.ok).toBe(false);
    if (!few.ok) expect(few.errors[0]!.code).toBe('zip/too-many-entries');
    const shallow = parseDocx(bytes, { limits: { maxXmlDepth: 4 } }, {});
    expect(shallow.ok).toBe(false);
    if (!shallow.ok) expect(shallow.errors[0]!.code).toBe('docx/bad-xml');
  });

  it('turns warnings into errors in strict mode', () => {
    const r = parseDocx(makeDocx({ body: `<w:p><w:foo/>${run('x')}</w:p>` }), { strict: true }, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ severity: 'error', code: 'docx/unsupported-element' });
  });

  it('reports cancellation through the host signal', () => {
    const ac = new AbortController();
    ac.abort();
    const r = parseDocx(makeDocx(SAMPLE), {}, { signal: ac.signal });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.code).toBe('core/cancelled');
  });
});

function makeDocxDocument(): Uint8Array {
  return new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
      `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${BODY}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`,
  );
}
