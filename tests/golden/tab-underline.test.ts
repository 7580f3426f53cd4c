/**
 * A tab whose run is underlined or struck through draws the line across its advance when text
 * follows it on the line, as Word draws the underlined tabs of a form's blanks, and as it draws an
 * inserted tab's markup underline: oxpt-RP038-Inserted-Paras-at-End's inserted paragraphs open with
 * an inserted tab, underlined in LibreOffice's render and bare in ours. A line's trailing tab stays
 * bare, like its trailing spaces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const U = '<w:rPr><w:u w:val="single"/></w:rPr>';
const STRIKE = '<w:rPr><w:strike/></w:rPr>';
const INS = '<w:ins w:id="1" w:author="A" w:date="2015-10-12T19:51:00Z">';

/** The horizontal lines of the first page (underlines and strike-throughs), left to right. */
async function rules(body: string): Promise<LineItem[]> {
  const { doc }: { doc: LayoutDoc } = await layoutDocx(makeDocx({ body }), 'tab-lines.docx', host);
  return flatItems(doc.pages[0]!.items)
    .filter((i): i is LineItem => i.kind === 'line' && i.y1 === i.y2)
    .sort((a, b) => a.x1 - b.x1);
}

beforeAll(async () => {
  await initKernel();
});

describe('lines across a tab', () => {
  it('underlines an underlined tab that text follows, from the margin to the tab stop', async () => {
    const lines = await rules(`<w:p><w:r>${U}<w:tab/></w:r><w:r>${U}<w:t>Name</w:t></w:r></w:p>`);
    // Letter margins: the tab runs from 72 pt to the first default stop, half an inch on.
    expect(lines[0]).toMatchObject({ x1: 72, x2: 108 });
    expect(lines[1]!.x1).toBeCloseTo(108, 5);
    expect(lines[0]!.y1).toBe(lines[1]!.y1);
  });

  it('strikes a struck tab through at the text’s strike-through height', async () => {
    const lines = await rules(`<w:p><w:r>${STRIKE}<w:t>a</w:t></w:r><w:r>${STRIKE}<w:tab/></w:r><w:r>${STRIKE}<w:t>b</w:t></w:r></w:p>`);
    expect(lines.length).toBe(3);
    expect(new Set(lines.map((l) => l.y1)).size).toBe(1);
    expect(lines[1]!.x2).toBeCloseTo(108, 5);
  });

  it('underlines an inserted tab in the insertion’s colour', async () => {
    const lines = await rules(`<w:p>${INS}<w:r><w:tab/></w:r><w:r><w:t>Added</w:t></w:r></w:ins></w:p>`);
    expect(lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ x1: 72, x2: 108 });
    expect(lines[0]!.color).toBe(lines[1]!.color);
    expect(lines[0]!.color).not.toBe('000000');
  });

  it('leaves a tab bare under a words-only underline', async () => {
    const words = '<w:rPr><w:u w:val="words"/></w:rPr>';
    const lines = await rules(`<w:p><w:r>${words}<w:tab/></w:r><w:r>${words}<w:t>Name</w:t></w:r></w:p>`);
    expect(lines.every((l) => l.x1 >= 108 - 1e-6)).toBe(true);
  });

  it('leaves a line’s trailing tab bare', async () => {
    const lines = await rules(`<w:p><w:r>${U}<w:t>Name</w:t></w:r><w:r>${U}<w:tab/></w:r></w:p>`);
    expect(lines.length).toBe(1);
    expect(lines[0]!.x2).toBeLessThan(108);
  });
});
