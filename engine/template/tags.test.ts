import { describe, expect, it } from 'vitest';
import { parseXml, serializeElement, type XmlElement } from '../xml';
import { isolateTags, parseTag, resolveDelimiters, tagOfRun } from './tags';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const D = { start: '{{', end: '}}' };

function para(inner: string): XmlElement {
  const r = parseXml(`<w:p ${W}>${inner}</w:p>`);
  if (!r.ok) throw new Error(r.errors[0]!.message);
  return r.value.root;
}

function runs(p: XmlElement): XmlElement[] {
  return p.children.filter((c): c is XmlElement => c.kind === 'element' && c.name === 'w:r');
}

describe('parseTag', () => {
  it('reads values, sections, inverted sections and closes, trimming spaces', () => {
    expect(parseTag('{{name}}', D)).toEqual({ kind: 'value', name: 'name' });
    expect(parseTag('{{ client.address.city }}', D)).toEqual({ kind: 'value', name: 'client.address.city' });
    expect(parseTag('{{#items}}', D)).toEqual({ kind: 'open', name: 'items' });
    expect(parseTag('{{^ paid }}', D)).toEqual({ kind: 'inverse', name: 'paid' });
    expect(parseTag('{{/items}}', D)).toEqual({ kind: 'close', name: 'items' });
  });

  it('refuses empty names, markup-like names and stray delimiters', () => {
    expect(parseTag('{{}}', D)).toBeUndefined();
    expect(parseTag('{{  }}', D)).toBeUndefined();
    expect(parseTag('{{a<b}}', D)).toBeUndefined();
    expect(parseTag('{{a{b}}', D)).toBeUndefined();
    expect(parseTag('{{"json": 1}}', D)).toBeUndefined();
    expect(parseTag(`{{${'x'.repeat(300)}}}`, D)).toBeUndefined();
  });

  it('works with single-brace and custom delimiters', () => {
    const single = resolveDelimiters('{ }')!;
    expect(single).toEqual({ start: '{', end: '}' });
    expect(parseTag('{name}', single)).toEqual({ kind: 'value', name: 'name' });
    expect(parseTag('[[#rows]]', resolveDelimiters('[[ ]]')!)).toEqual({ kind: 'open', name: 'rows' });
  });

  it('rejects unusable delimiter options', () => {
    expect(resolveDelimiters('{{')).toBeUndefined();
    expect(resolveDelimiters('< >')).toBeUndefined();
    expect(resolveDelimiters({ start: '', end: '}' })).toBeUndefined();
    expect(resolveDelimiters(undefined)).toEqual(D);
  });
});

describe('isolateTags', () => {
  it('joins a tag Word split over runs, proofing marks and a bookmark, keeping the first run formatting', () => {
    const p = para(
      '<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Dear {{</w:t></w:r><w:proofErr w:type="spellStart"/>' +
        '<w:r><w:rPr><w:i/></w:rPr><w:t>first</w:t></w:r><w:bookmarkStart w:id="1" w:name="x"/><w:r><w:t>_name}},</w:t></w:r><w:bookmarkEnd w:id="1"/>',
    );
    expect(isolateTags(p, D)).toBe(1);
    const tagRuns = runs(p).filter((r) => tagOfRun(r, D));
    expect(tagRuns).toHaveLength(1);
    expect(tagOfRun(tagRuns[0]!, D)).toEqual({ kind: 'value', name: 'first_name' });
    expect(serializeElement(tagRuns[0]!)).toBe('<w:r><w:rPr><w:b/></w:rPr><w:t>{{first_name}}</w:t></w:r>');
    // The visible text is unchanged and the bookmark survives.
    const text = runs(p).map((r) => r.children.filter((c): c is XmlElement => c.kind === 'element' && c.name === 'w:t').map((t) => (t.children[0] as { text: string } | undefined)?.text ?? '').join('')).join('');
    expect(text).toBe('Dear {{first_name}},');
    expect(serializeElement(p)).toContain('<w:bookmarkStart w:id="1" w:name="x"/>');
  });

  it('isolates several tags in one text node and leaves text between them', () => {
    const p = para('<w:r><w:t xml:space="preserve">{{a}} and {{b}} done</w:t></w:r>');
    expect(isolateTags(p, D)).toBe(2);
    expect(runs(p).map((r) => serializeElement(r))).toEqual([
      '<w:r><w:t>{{a}}</w:t></w:r>',
      '<w:r><w:t xml:space="preserve"> and </w:t></w:r>',
      '<w:r><w:t>{{b}}</w:t></w:r>',
      '<w:r><w:t xml:space="preserve"> done</w:t></w:r>',
    ]);
  });

  it('does not join across a tab, a break or a field', () => {
    const p = para('<w:r><w:t>{{a</w:t><w:tab/><w:t>b}}</w:t></w:r>');
    expect(isolateTags(p, D)).toBe(0);
    const f = para('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>{{x}}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>');
    expect(isolateTags(f, D)).toBe(0);
  });

  it('ignores deleted text and finds tags inside hyperlinks', () => {
    const p = para('<w:del w:id="1" w:author="a"><w:r><w:delText>{{gone}}</w:delText></w:r></w:del><w:hyperlink r:id="x" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:r><w:t>{{li</w:t></w:r><w:r><w:t>nk}}</w:t></w:r></w:hyperlink>');
    expect(isolateTags(p, D)).toBe(1);
    expect(serializeElement(p)).toContain('<w:t>{{link}}</w:t>');
  });

  it('is idempotent', () => {
    const p = para('<w:r><w:t>x{{a}}y</w:t></w:r>');
    isolateTags(p, D);
    const once = serializeElement(p);
    isolateTags(p, D);
    expect(serializeElement(p)).toBe(once);
  });
});
