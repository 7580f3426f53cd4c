/**
 * A run-heavy part's tree, as the DOCX reader parses it, must stay near the element budget's
 * assumption (limits.maxXmlElements: some 250 bytes an element for tree, model and pages together).
 * Fuzz seed 77's docx-81 has a footer of 2.7 M elements, 600,000 runs of one-letter field code
 * pieces each with its own font size: its tree took 385 MB (142 bytes an element, the same
 * `w:val="12"` and `xml:space="preserve"` objects and one-letter text nodes made again for every
 * run) and the conversion peaked at 1 GB resident, over the fuzz runner's 768 MB. The reader's
 * parse (shareRepeated) shares such objects. Measured as heap bytes held after full collections.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, DiagnosticBag, encodeUtf8, type InputLimits } from '../../engine/core';
import { openPackage } from '../../engine/docx/package';
import { parseXml, type XmlElement } from '../../engine/xml';
import { writeZip } from '../../engine/zip';
import { createNodeHost } from '../../node/host';
import { gc, heapHeld } from '../helpers/heap';

const host = createNodeHost({});

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const RUNS = 50_000;
const LETTERS = 'QUOTE 1 ';

/** A field whose code is spelt a letter a run, each run with its own font size (4 elements a run). */
function fieldRuns(n: number): string {
  const out: string[] = ['<w:r><w:fldChar w:fldCharType="begin"/></w:r>'];
  for (let i = 0; i < n; i++) {
    out.push(`<w:r><w:rPr><w:sz w:val="${12 + (i % 3) * 2}"/></w:rPr><w:instrText xml:space="preserve">${LETTERS[i % LETTERS.length]}</w:instrText></w:r>`);
  }
  out.push('<w:r><w:fldChar w:fldCharType="end"/></w:r>');
  return out.join('');
}

function runsOf(root: XmlElement): XmlElement[] {
  return (root.children[0] as XmlElement).children.filter((n): n is XmlElement => n.kind === 'element').slice(1, -1);
}

describe('run-heavy parts', () => {
  const xml = `<w:ftr ${W}><w:p>${fieldRuns(RUNS)}</w:p></w:ftr>`;

  it('share repeated single attributes and short texts in the reader’s tree', () => {
    const parsed = parseXml(xml, { shareEmpty: true, shareRepeated: true });
    if (!parsed.ok) throw new Error('parse');
    const runs = runsOf(parsed.value.root);
    expect(runs).toHaveLength(RUNS);
    const sizes = new Set(runs.map((r) => ((r.children[0] as XmlElement).children[0] as XmlElement).attrs));
    const spaces = new Set(runs.map((r) => (r.children[1] as XmlElement).attrs));
    const texts = new Set(runs.map((r) => (r.children[1] as XmlElement).children[0]));
    // Before: one object per run each.
    expect([sizes.size, spaces.size, texts.size]).toEqual([3, 1, new Set(LETTERS).size]);
    expect([...sizes].every((a) => Object.isFrozen(a))).toBe(true);
    expect([...sizes].map((a) => a['w:val']).sort()).toEqual(['12', '14', '16']);
    // Self-closing elements with no or one shared attribute are one element each.
    const szElements = new Set(runs.map((r) => (r.children[0] as XmlElement).children[0] as XmlElement));
    expect(szElements.size).toBe(3);
    expect([...szElements].every((e) => e.name === 'w:sz' && e.children.length === 0)).toBe(true);
  });

  it('leave a tree the caller may change as it was (template fill)', () => {
    const parsed = parseXml(xml, { shareEmpty: true });
    if (!parsed.ok) throw new Error('parse');
    const runs = runsOf(parsed.value.root).slice(0, 100);
    expect(new Set(runs.map((r) => (r.children[1] as XmlElement).attrs)).size).toBe(100);
    expect(runs.some((r) => Object.isFrozen((r.children[1] as XmlElement).children[0]))).toBe(false);
  });

  it('hold the tree in under 100 bytes an element', () => {
    parseXml(xml.slice(0, 2000) + '</w:p></w:ftr>', { shareEmpty: true, shareRepeated: true });
    const { value, bytes } = heapHeld(() => parseXml(xml, { shareEmpty: true, shareRepeated: true }));
    expect(value.ok).toBe(true);
    // Before: 140 bytes an element (28 MB); now about 90.
    expect(bytes / (RUNS * 4)).toBeLessThan(100);
  });

  it('let go of a part’s bytes while its tree is built', () => {
    // The parser reads its depth limit once the text is decoded: that is when the bytes are checked.
    let measuring = false;
    let held = -1;
    let base = 0;
    const limits: InputLimits = {
      ...DEFAULT_LIMITS,
      get maxXmlDepth() {
        if (measuring) {
          gc();
          gc();
          held = process.memoryUsage().arrayBuffers - base;
        }
        return DEFAULT_LIMITS.maxXmlDepth;
      },
    };
    // Words of varied letters, so the entry compresses like text rather than like a zip bomb.
    let seed = 1;
    const words = Array.from({ length: 2 ** 20 }, () => ((seed = (seed * 48271) % 2147483647) % 1e7).toString(36));
    const part = `<w:ftr ${W}><w:p><w:r><w:t>${words.join(' ')}</w:t></w:r></w:p></w:ftr>`;
    const files = [
      { name: 'word/document.xml', data: encodeUtf8(`<w:document ${W}><w:body/></w:document>`) },
      { name: 'word/footer1.xml', data: encodeUtf8(part) },
    ];
    const pkg = openPackage(writeZip(files), limits, new DiagnosticBag(), host.inflateRaw, host.crc32);
    files.length = 0;
    // Backing stores of collected buffers are freed after the collection: collect until none are left.
    for (let i = 0; i < 4; i++) gc();
    base = process.memoryUsage().arrayBuffers;
    measuring = true;
    const root = pkg.xml('word/footer1.xml');
    measuring = false;
    expect(root?.name).toBe('w:ftr');
    // Before: the part's 6 MB of inflated bytes, held by the reader's frame until the tree was built.
    expect(Math.abs(held)).toBeLessThan(2 ** 20);
  });
});
