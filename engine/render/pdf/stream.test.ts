/**
 * Pages drawn and rendered one at a time: layoutPages draws a page only when the renderer asks for
 * it, and renderPdf reads nothing of a page once it has asked for the next, so each page's items
 * can die before the next page exists. The PDF is the one a fully drawn LayoutDoc gives.
 */
import { describe, expect, it } from 'vitest';
import { makeDocx, para } from '../../../tests/helpers/make-docx';
import { createNodeHost } from '../../../node/host';
import { parseDocx } from '../../docx';
import { layoutDocument, layoutPages } from '../../layout';
import type { EngineHost } from '../../core';
import type { LayoutItem, LayoutPage, LayoutSource } from '../../model';
import { renderPdf } from './render';

const NOW = () => new Date(Date.UTC(2026, 0, 1));
const BREAK = '<w:r><w:br w:type="page"/></w:r>';

/** Four pages: a link on the first to a bookmark on the last, and a heading on each (the outline). */
function fourPages(): Uint8Array {
  const heading = (text: string) => para(text, '<w:outlineLvl w:val="0"/>');
  const link = '<w:p><w:hyperlink w:anchor="last"><w:r><w:t>to the last page</w:t></w:r></w:hyperlink></w:p>';
  const pages = [0, 1, 2, 3].map((i) => heading(`Heading ${i}`) + (i === 0 ? link : '') + para(`Text of page ${i}`.repeat(i + 1)));
  const last = '<w:p><w:bookmarkStart w:id="0" w:name="last"/><w:r><w:t>The end</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p>';
  return makeDocx(pages.join(`<w:p>${BREAK}</w:p>`) + last);
}

/**
 * The stream's pages, as a renderer sees them, recording each page handed over and how many pages
 * had been drawn by then; when the next page is asked for, the one before is emptied.
 */
function emptyingBehind(stream: LayoutSource, drawn: () => number, log: string[]): LayoutSource {
  async function* pages(): AsyncGenerator<LayoutPage> {
    let index = 0;
    let previous: LayoutPage | undefined;
    for await (const page of stream.pages) {
      if (previous) (previous.items as LayoutItem[]).length = 0;
      log.push(`page ${index++} handed over, ${drawn()} drawn`);
      previous = page;
      yield page;
    }
  }
  const source = Object.create(stream) as LayoutSource;
  Object.defineProperty(source, 'pages', { value: { [Symbol.asyncIterator]: pages } });
  return source;
}

describe('layoutPages → renderPdf', () => {
  it('draws each page when the renderer asks for it, and renders the same bytes after its items are gone', async () => {
    let drawn = 0;
    const host: EngineHost = {
      ...createNodeHost({ now: NOW }),
      // Drawing reports progress with a total; the passes before it report none.
      onProgress: (e) => {
        if (e.stage === 'layout' && e.total !== undefined) drawn++;
      },
    };
    const model = parseDocx(fourPages(), {}, host);
    if (!model.ok) throw new Error('parse failed');
    const whole = await layoutDocument(model.value, {}, host);
    if (!whole.ok) throw new Error('layout failed');
    expect(whole.value.pages).toHaveLength(4);
    const expected = await renderPdf(whole.value, {}, host);

    drawn = 0;
    const laid = await layoutPages(model.value, {}, host);
    if (!laid.ok) throw new Error('layout failed');
    expect(laid.value.pageCount).toBe(4);
    expect(drawn).toBe(0);
    const log: string[] = [];
    const streamed = await renderPdf(emptyingBehind(laid.value, () => drawn, log), {}, host);
    expect(log).toEqual(['page 0 handed over, 1 drawn', 'page 1 handed over, 2 drawn', 'page 2 handed over, 3 drawn', 'page 3 handed over, 4 drawn']);
    expect(laid.value.outcome()).toEqual({ ok: true, value: undefined, warnings: whole.warnings });
    expect(streamed.ok && expected.ok).toBe(true);
    if (!streamed.ok || !expected.ok) return;
    // The link on page 1 points to a destination found on page 4; the outline has four entries.
    expect(Object.keys(laid.value.destinations)).toContain('last');
    expect(laid.value.outline).toHaveLength(4);
    expect(Buffer.from(streamed.value).equals(Buffer.from(expected.value))).toBe(true);
  });

  it('draws the pages once only, and tells an outcome asked for too early', async () => {
    const host = createNodeHost({ now: NOW });
    const model = parseDocx(fourPages(), {}, host);
    if (!model.ok) throw new Error('parse failed');
    const laid = await layoutPages(model.value, {}, host);
    if (!laid.ok) throw new Error('layout failed');
    expect(laid.value.outcome().ok).toBe(false);
    let count = 0;
    for await (const _ of laid.value.pages) count++;
    expect(count).toBe(4);
    await expect(async () => {
      for await (const _ of laid.value.pages) count++;
    }).rejects.toThrow(/once/);
  });
});
