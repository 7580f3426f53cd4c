import { describe, expect, it } from 'vitest';
import type { Paragraph, ShapeInline } from '../model';
import { bodyParagraphs, parseFixture } from './test-util';

const shapesOf = (p: Paragraph) => p.inlines.filter((i): i is ShapeInline => i.kind === 'shape');

// Word's picture frame type, as Word writes it once, with the first shape that uses it.
const T75 = '<v:shapetype id="_x0000_t75" coordsize="21600,21600" o:spt="75" o:preferrelative="t" path="m@4@5l@4@11@9@11@9@5xe" filled="f" stroked="f"/>';

describe('VML shapes take their v:shapetype\'s attributes', () => {
  it('leaves a drawing canvas\'s background (type _x0000_t75, no picture) unfilled and unstroked, even in a later w:pict', () => {
    // poi-WordWithAttachments: the type is written in the first w:pict, the canvas comes two runs later.
    const canvas = '<v:group editas="canvas" style="width:126pt;height:99pt" coordorigin="0,0" coordsize="1260,990">' +
      '<v:shape id="bg" type="#_x0000_t75" style="position:absolute;left:0;top:0;width:1260;height:990" o:preferrelative="f"><v:fill o:detectmouseclick="t"/></v:shape></v:group>';
    const body = `<w:p><w:r><w:pict>${T75}</w:pict></w:r><w:r><w:pict>${canvas}</w:pict></w:r></w:p>`;
    const [group] = shapesOf(bodyParagraphs(parseFixture({ body }))[0]!);
    const bg = group!.children![0]!.item as ShapeInline;
    expect(bg.kind).toBe('shape');
    expect(bg.line).toBeUndefined();
    expect(bg.fill).toBeUndefined();
  });

  it('lets the shape\'s own stroked and filled win over its type\'s', () => {
    const body = `<w:p><w:r><w:pict>${T75}<v:shape type="#_x0000_t75" style="width:20pt;height:10pt" stroked="t" filled="t" fillcolor="red"/></w:pict></w:r></w:p>`;
    const [shape] = shapesOf(bodyParagraphs(parseFixture({ body }))[0]!);
    expect(shape!.line).toEqual({ widthPt: 0.75, color: '000000' });
    expect(shape!.fill).toBe('FF0000');
  });
});
