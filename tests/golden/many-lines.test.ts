/**
 * A paragraph of more lines than a call can take arguments: its units were appended with
 * push(...units), which overflowed the stack past about 100,000 lines (150,000 manual line breaks in
 * one paragraph failed as layout/resource-limit); they are now appended one by one.
 */
import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

describe('a paragraph of 150,000 lines', () => {
  it('is laid out on as many pages as its lines need', async () => {
    const body = `<w:p><w:pPr><w:spacing w:line="240" w:lineRule="exact"/></w:pPr><w:r>${'<w:br/>'.repeat(150_000)}<w:t>end</w:t></w:r></w:p>`;
    const { doc, codes } = await layoutDocx(makeDocx({ body }), 'many-lines.docx', host);
    expect(codes).not.toContain('layout/resource-limit');
    // 150,001 lines of 12 pt on 648 pt of text per page: 54 a page.
    expect(doc.pages.length).toBe(Math.ceil(150_001 / 54));
  });
});
