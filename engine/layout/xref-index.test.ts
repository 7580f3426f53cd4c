import { describe, expect, it } from 'vitest';
import type { FieldInline, Inline, Paragraph } from '../model';
import { indexCrossReferences } from './xref-index';

// Only the fields the index reads; the rest of a model paragraph does not matter to it.
const para = (inlines: Inline[], styleId?: string): Paragraph => ({ kind: 'paragraph', props: { ...(styleId ? { styleId } : {}) }, inlines }) as unknown as Paragraph;
const text = (t: string, extra: object = {}): Inline => ({ kind: 'text', text: t, props: {}, ...extra }) as unknown as Inline;
const seq = (args: string[], switches: Array<[string, string | undefined]> = []): FieldInline =>
  ({ kind: 'field', instruction: { name: 'SEQ', args, switches }, rawInstruction: `SEQ ${args.join(' ')}`, result: [text('9')], props: {} }) as unknown as FieldInline;

describe('indexCrossReferences', () => {
  it("a paragraph's text leaves out hidden and deleted runs, keeps tabs and field results, and prints SEQ values (none with \\h)", () => {
    const field = { kind: 'field', instruction: { name: 'DATE', args: [], switches: [] }, rawInstruction: 'DATE', result: [text('today')], props: {} } as unknown as Inline;
    const index = indexCrossReferences([
      {
        blocks: [
          para([text(' Figure '), seq(['Figure']), { kind: 'tab', props: {} } as unknown as Inline, text('gone', { props: { hidden: true } }), text('cut', { revision: { type: 'delete' } }), field, seq(['Figure'], [['\\h', undefined]]), text(' ')], 'Caption'),
        ],
      },
    ]);
    expect(index.paragraphs[0]!.text).toBe('Figure 1\ttoday');
    expect(index.paragraphs[0]!.styleId).toBe('Caption');
  });

  it('stops a paragraph text at 4,096 characters', () => {
    const index = indexCrossReferences([{ blocks: [para([text('x'.repeat(4000)), text('y'.repeat(200)), text('z')])] }]);
    expect(index.paragraphs[0]!.text).toBe('x'.repeat(4000) + 'y'.repeat(200));
  });

  it("reads a paragraph's text only when a field asks for it, and once", () => {
    // Joining every paragraph's text cost most of the index on long documents, where no STYLEREF reads it.
    let reads = 0;
    const counted = { kind: 'text', props: {}, get text() { reads++; return 'Heading'; } } as unknown as Inline;
    const index = indexCrossReferences([{ blocks: [para([counted], 'Heading1'), para([text('body')])] }]);
    expect(reads).toBe(0);
    expect(index.paragraphs[0]!.text).toBe('Heading');
    expect(index.paragraphs[0]!.text).toBe('Heading');
    expect(reads).toBe(1);
  });

  it('bookmark text still follows the runs inside it across paragraphs', () => {
    const bm = (edge: 'start' | 'end') => ({ kind: 'bookmark', edge, id: '1', name: 'Mark' }) as unknown as Inline;
    const index = indexCrossReferences([{ blocks: [para([text('before '), bm('start'), text('one'), seq(['T'])]), para([text('two'), bm('end'), text(' after')])] }]);
    expect(index.bookmark('mark')?.text).toBe('one1 two');
    expect(index.paragraphs[1]!.text).toBe('two after');
  });
});
