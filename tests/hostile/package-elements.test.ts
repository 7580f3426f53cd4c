/**
 * A package's XML parts share one element budget (limits.maxXmlElements), and each is refused
 * before parsing past limits.maxXmlPartBytes (a 300 MB part ran a 1 GB heap out while parsing). The limit was per part:
 * a hostile file could put its full worth in the document, in each header and footer and in the
 * notes, and a 1 GB worker ran out of memory before any limit was met (fuzzing, seed 57). A part
 * that passes the shared budget stops the conversion with the limit's code; it is not skipped, which
 * would convert the document without it.
 */
import { describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { fillTemplate } from '../../engine/template';
import { DEFAULT_LIMITS } from '../../engine/core';
import { createNodeHost } from '../../node/host';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/** Paragraphs of four elements each (p, r, t and an empty rPr). */
const paras = (n: number) => '<w:p><w:r><w:rPr/><w:t>x</w:t></w:r></w:p>'.repeat(n);

const docx = makeDocx({
  body: paras(600) + LETTER_SECT_PR.replace('<w:pgSz', '<w:headerReference w:type="default" r:id="rIdH1"/><w:pgSz'),
  headers: { rIdH1: paras(600) },
});

describe('one element budget for the whole package', () => {
  it('converts when the parts fit together', () => {
    expect(parseDocx(docx, { limits: { maxXmlElements: 10_000 } }, host).ok).toBe(true);
  });

  it('stops with xml/too-many-elements when the parts pass it only together', () => {
    // Each story has some 2,400 elements: under 4,000 alone, over it with the other.
    const r = parseDocx(docx, { limits: { maxXmlElements: 4_000 } }, host);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.code)).toEqual(['xml/too-many-elements']);
      expect(r.errors[0]!.message).toMatch(/together/);
      expect(r.errors[0]!.hint).toMatch(/maxXmlElements/);
    }
  });

  it('is shared by the parts a template fill reads', async () => {
    const tpl = makeDocx({
      body: para('{{name}}') + paras(600) + LETTER_SECT_PR.replace('<w:pgSz', '<w:headerReference w:type="default" r:id="rIdH1"/><w:pgSz'),
      headers: { rIdH1: paras(600) },
    });
    expect((await fillTemplate(tpl, { data: { name: 'a' } }, { limits: { maxXmlElements: 10_000 } })).ok).toBe(true);
    const r = await fillTemplate(tpl, { data: { name: 'a' } }, { limits: { maxXmlElements: 4_000 } });
    expect(!r.ok && r.errors[0]!.code).toBe('xml/too-many-elements');
  });

  it('stops with xml/part-too-large before parsing a part past maxXmlPartBytes', async () => {
    // The document and the header are some 26 KB of XML each.
    const r = parseDocx(docx, { limits: { maxXmlPartBytes: 20_000 } }, host);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.code)).toEqual(['xml/part-too-large']);
      expect(r.errors[0]!.hint).toMatch(/maxXmlPartBytes/);
    }
    expect(parseDocx(docx, { limits: { maxXmlPartBytes: 40_000 } }, host).ok).toBe(true);
    const filled = await fillTemplate(docx, { data: {} }, { limits: { maxXmlPartBytes: 20_000 } });
    expect(!filled.ok && filled.errors[0]!.code).toBe('xml/part-too-large');
  });

  it('leaves room for what a fill may create by default', () => {
    // A filled document is parsed again to be converted; the fill's own bound keeps it convertible.
    expect(DEFAULT_LIMITS.maxFillElements).toBeLessThan(DEFAULT_LIMITS.maxXmlElements);
  });
});
