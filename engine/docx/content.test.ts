import { describe, expect, it } from 'vitest';
import type { Inline, Paragraph } from '../model';
import { para, run } from '../../tests/helpers/make-docx';
import { bodyParagraphs, parseFixture, parseWithWarnings, plainText, textRuns } from './test-util';

const kinds = (p: Paragraph) => p.inlines.map((i: Inline) => (i.kind === 'text' ? i.text : `<${i.kind}${'edge' in i ? `:${i.edge}` : ''}>`));

describe('tracked changes', () => {
  const body = `<w:p>${run('keep ')}<w:ins w:id="1" w:author="Ann" w:date="2024-01-01T00:00:00Z">${run('added ')}</w:ins>` +
    `<w:del w:id="2" w:author="Bob"><w:r><w:delText>removed </w:delText></w:r></w:del>` +
    `<w:moveFrom w:id="3" w:author="Ann"><w:r><w:delText>movedAway </w:delText></w:r></w:moveFrom><w:moveTo w:id="4" w:author="Cy">${run('movedHere')}</w:moveTo></w:p>`;

  it('keeps both sides with revision marks in the markup view, authors in order of appearance', () => {
    const doc = parseFixture({ body });
    const [p] = bodyParagraphs(doc);
    expect(textRuns(p!).map((t) => [t.text, t.revision?.type, t.revision?.authorIndex])).toEqual([
      ['keep ', undefined, undefined], ['added ', 'insert', 0], ['removed ', 'delete', 1], ['movedAway ', 'moveFrom', 0], ['movedHere', 'moveTo', 2],
    ]);
    expect(textRuns(p!)[1]!.revision!.date).toBe('2024-01-01T00:00:00Z');
    expect(doc.revisionAuthors).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('accepts everything in the final view and rejects everything in the original view', () => {
    expect(plainText(bodyParagraphs(parseFixture({ body }, { trackedChanges: 'final' }))[0]!)).toBe('keep added movedHere');
    expect(plainText(bodyParagraphs(parseFixture({ body }, { trackedChanges: 'original' }))[0]!)).toBe('keep removed movedAway ');
  });

  it('uses the old run and paragraph properties in the original view (rPrChange, pPrChange)', () => {
    const b = '<w:p><w:pPr><w:jc w:val="center"/><w:pPrChange w:id="5" w:author="Ann"><w:pPr><w:jc w:val="right"/></w:pPr></w:pPrChange></w:pPr>' +
      `${run('x', '<w:b/><w:rPrChange w:id="6" w:author="Ann"><w:rPr><w:i/></w:rPr></w:rPrChange>')}</w:p>`;
    const orig = bodyParagraphs(parseFixture({ body: b }, { trackedChanges: 'original' }))[0]!;
    expect([orig.props.alignment, textRuns(orig)[0]!.props.bold, textRuns(orig)[0]!.props.italic]).toEqual(['right', false, true]);
    const markup = bodyParagraphs(parseFixture({ body: b }))[0]!;
    expect([markup.props.alignment, textRuns(markup)[0]!.props.bold, textRuns(markup)[0]!.revision?.type, markup.markRevision?.type]).toEqual(['center', true, 'format', 'format']);
  });

  it('joins a paragraph whose mark is deleted with the next one in the final view', () => {
    const b = para('first ', '<w:rPr><w:del w:id="1" w:author="A"/></w:rPr>') + para('second', '<w:jc w:val="center"/>');
    const final = bodyParagraphs(parseFixture({ body: b }, { trackedChanges: 'final' }));
    expect(final.map((p) => [plainText(p), p.props.alignment])).toEqual([['first second', 'center']]);
    const markup = bodyParagraphs(parseFixture({ body: b }));
    expect(markup.map((p) => p.markRevision?.type)).toEqual(['delete', undefined]);
  });
});

describe('inline content', () => {
  it('resolves hyperlinks to URLs (with anchors) and bookmarks', () => {
    const body = `<w:p><w:hyperlink r:id="rIdL">${run('ext')}</w:hyperlink><w:hyperlink w:anchor="sec2">${run('int')}</w:hyperlink>${run('plain')}</w:p>`;
    const [p] = bodyParagraphs(parseFixture({ body, links: { rIdL: 'https://example.com/a?b=1&c=2' } }));
    expect(textRuns(p!).map((t) => t.link)).toEqual([{ url: 'https://example.com/a?b=1&c=2' }, { anchor: 'sec2' }, undefined]);
  });

  it('keeps bookmarks and comment marks, including those between blocks', () => {
    const body = '<w:bookmarkStart w:id="0" w:name="top"/>' + `<w:p><w:commentRangeStart w:id="7"/>${run('a')}<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r></w:p><w:bookmarkEnd w:id="0"/>`;
    const comments = '<w:comment w:id="7" w:author="Rev" w:initials="R" w:date="2024-02-02T00:00:00Z"><w:p><w:r><w:annotationRef/></w:r>' + `${run('Note this')}</w:p></w:comment>`;
    const doc = parseFixture({ body, comments });
    expect(kinds(bodyParagraphs(doc)[0]!)).toEqual(['<bookmark:start>', '<comment:start>', 'a', '<comment:end>', '<comment:reference>', '<bookmark:end>']);
    expect(doc.comments['7']).toMatchObject({ author: 'Rev', initials: 'R', date: '2024-02-02T00:00:00Z' });
    expect(plainText(doc.comments['7']!.blocks[0] as Paragraph)).toBe('Note this');
  });

  it('flows content controls, custom XML and smart tags, and picks supported markup-compatibility choices', () => {
    const body = `<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:p><w:customXml w:element="x"><w:smartTag w:element="y">${run('A')}</w:smartTag></w:customXml>` +
      `<w:sdt><w:sdtContent>${run('B')}</w:sdtContent></w:sdt>` +
      `<mc:AlternateContent><mc:Choice Requires="w16se"><w:r><w16se:symEx xmlns:w16se="http://schemas.microsoft.com/office/word/2015/wordml/symex" w16se:font="Segoe UI Emoji" w16se:char="1F600"/></w:r></mc:Choice><mc:Fallback>${run('C')}</mc:Fallback></mc:AlternateContent>` +
      `<mc:AlternateContent><mc:Choice Requires="w14">${run('D')}</mc:Choice><mc:Fallback>${run('E')}</mc:Fallback></mc:AlternateContent></w:p></w:sdtContent></w:sdt>`;
    expect(plainText(bodyParagraphs(parseFixture({ body }))[0]!)).toBe('ABCD');
  });

  it('reads footnote and endnote references, custom marks, and the notes with their separators', () => {
    const body = `<w:p>${run('text')}<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:footnoteReference w:customMarkFollows="1" w:id="2"/><w:t>*</w:t></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>`;
    const footnotes = '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${run(' Note one')}</w:p></w:footnote><w:footnote w:id="2">${para('Custom')}</w:footnote>`;
    const endnotes = `<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r>${run(' End')}</w:p></w:endnote>`;
    const doc = parseFixture({ body, footnotes, endnotes });
    const refs = bodyParagraphs(doc)[0]!.inlines.filter((i) => i.kind === 'noteRef');
    expect(refs.map((r) => (r.kind === 'noteRef' ? [r.noteType, r.id, r.customMark] : null))).toEqual([['footnote', '1', undefined], ['footnote', '2', '*'], ['endnote', '1', undefined]]);
    expect(['-1', '0', '1', '2'].map((id) => [doc.footnotes[id]!.id, doc.footnotes[id]!.type])).toEqual([['-1', 'separator'], ['0', 'continuationSeparator'], ['1', 'normal'], ['2', 'normal']]);
    expect(kinds(doc.footnotes['1']!.blocks[0] as Paragraph)).toEqual(['<noteMark>', ' Note one']);
    expect(kinds(doc.endnotes['1']!.blocks[0] as Paragraph)).toEqual(['<noteMark>', ' End']);
  });

  it('reads equations into a math tree, keeping their linear text', () => {
    const m = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;
    const body = `<w:p><m:oMath><m:sSup><m:e>${m('a')}</m:e><m:sup>${m('2')}</m:sup></m:sSup>${m('+')}<m:f><m:num>${m('x+1')}</m:num><m:den>${m('y')}</m:den></m:f>` +
      `${m('=')}<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${m('z')}</m:e></m:rad></m:oMath></w:p>` +
      `<w:p><m:oMathPara><m:oMath><m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${m('i=1')}</m:sub><m:sup>${m('n')}</m:sup><m:e>${m('i')}</m:e></m:nary></m:oMath></m:oMathPara></w:p>`;
    const r = parseWithWarnings({ body });
    if (!r.ok) throw new Error('parse failed');
    const maths = bodyParagraphs(r.value).map((p) => p.inlines.find((i) => i.kind === 'math'));
    expect(maths.map((x) => (x?.kind === 'math' ? [x.linearText, x.display, x.props.font] : null))).toEqual([
      ['a^2+(x+1)/y=√z', false, 'Cambria Math'], ['∑_(i=1)^n i', true, 'Cambria Math'],
    ]);
    const first = maths[0]?.kind === 'math' ? maths[0].tree : undefined;
    expect(first?.map((n) => n.kind)).toEqual(['scripts', 'run', 'frac', 'run', 'rad']);
    expect(first?.[2]).toMatchObject({ kind: 'frac', type: 'bar', num: [{ kind: 'run', text: 'x+1' }], den: [{ kind: 'run', text: 'y' }] });
    expect(first?.[4]).toEqual({ kind: 'rad', body: [{ kind: 'run', text: 'z' }] });
    const nary = maths[1]?.kind === 'math' ? maths[1].tree?.[0] : undefined;
    expect(nary).toMatchObject({ kind: 'nary', chr: '∑', limLoc: 'undOvr', sub: [{ text: 'i=1' }], sup: [{ text: 'n' }], body: [{ text: 'i' }] });
    expect(r.warnings.filter((w) => w.code.startsWith('docx/math'))).toEqual([]);
  });

  it('warns about unknown elements with their location and keeps their text', () => {
    const r = parseWithWarnings({ body: `<w:p><w:foo>${run('kept')}</w:foo></w:p>` });
    if (!r.ok) throw new Error('parse failed');
    expect(plainText(bodyParagraphs(r.value)[0]!)).toBe('kept');
    expect(r.warnings.find((w) => w.code === 'docx/unsupported-element')).toMatchObject({ message: '<w:foo> is not supported; its text (if any) is kept.', at: 'word/document.xml#p1' });
  });

  it('reads screen-only text animations (w:effect) without a warning', () => {
    const r = parseWithWarnings({ body: `<w:p>${run('shimmer', '<w:effect w:val="shimmer"/>')}</w:p>` });
    if (!r.ok) throw new Error('parse failed');
    expect(plainText(bodyParagraphs(r.value)[0]!)).toBe('shimmer');
    expect(r.warnings.filter((w) => w.code === 'docx/unsupported-element')).toEqual([]);
  });
});
