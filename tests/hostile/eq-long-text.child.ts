/**
 * Child of eq-long-text.test.ts: reads a package of 60 EQ fields, each a fraction of 99,000 letters
 * over 99,000 letters in one w:instrText, and prints how many fields it read. Run under a small heap
 * by the test.
 */
import { parseDocx } from '../../engine/docx';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const field = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> EQ \\f(${'x'.repeat(99_000)},${'y'.repeat(99_000)}) </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
const r = parseDocx(makeDocx({ body: `<w:p>${field}</w:p>`.repeat(60) }), {}, host);
const fields = r.ok ? r.value.sections.flatMap((s) => s.blocks).flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])).filter((i) => i.kind === 'field') : [];
process.stdout.write(JSON.stringify(r.ok ? { fields: fields.length } : { errors: r.errors.map((e) => e.code) }));
