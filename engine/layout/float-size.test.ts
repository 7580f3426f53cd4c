import { describe, expect, it } from 'vitest';
import type { FloatAnchor, ImageInline, RunProps, ShapeInline } from '../model';
import { sizedFloat } from './float-size';

const page = { widthPt: 600, heightPt: 800, marginLeft: 50, marginRight: 100, marginTop: 60, marginBottom: 40 };
const anchor = (relativeSize?: FloatAnchor['relativeSize']): FloatAnchor => ({
  horizontal: { relativeTo: 'page', offsetPt: 0 },
  vertical: { relativeTo: 'page', offsetPt: 0 },
  wrap: 'none', wrapSide: 'both', distancePt: { top: 0, bottom: 0, left: 0, right: 0 },
  behindText: false, allowOverlap: true, layoutInCell: true, zIndex: 0,
  ...(relativeSize ? { relativeSize } : {}),
});
const props = {} as RunProps;
const rect = (w: number, h: number) => [{ op: 'M' as const, x: 0, y: 0 }, { op: 'L' as const, x: w, y: 0 }, { op: 'L' as const, x: w, y: h }, { op: 'Z' as const }];

describe('sizedFloat', () => {
  it('returns the very object without a relative size, or when the share gives the saved size', () => {
    const img: ImageInline = { kind: 'image', media: 'm', widthPt: 300, heightPt: 80, props, anchor: anchor() };
    expect(sizedFloat(img, page)).toBe(img);
    const same = { ...img, anchor: anchor({ width: { relativeTo: 'page', share: 0.5 }, height: { relativeTo: 'page', share: 0.1 } }) };
    expect(sizedFloat(same, page)).toBe(same);
  });

  it('stretches a group\'s outline, its children and their outlines with it', () => {
    const child: ShapeInline = { kind: 'shape', widthPt: 50, heightPt: 20, geometry: 'rect', paths: [rect(50, 20)], props };
    const group: ShapeInline = {
      kind: 'shape', widthPt: 100, heightPt: 40, geometry: 'rect', paths: [rect(100, 40)], props,
      children: [{ xPt: 50, yPt: 20, item: child }],
      anchor: anchor({ width: { relativeTo: 'margin', share: 0.5 }, height: { relativeTo: 'topMargin', share: 1 } }),
    };
    // Text width 600 - 50 - 100 = 450: 225 wide (x 2.25); top margin 60 high (x 1.5).
    const out = sizedFloat(group, page);
    expect([out.widthPt, out.heightPt]).toEqual([225, 60]);
    expect(out.paths[0]).toEqual(rect(225, 60));
    const c = out.children![0]!;
    expect([c.xPt, c.yPt, c.item.widthPt, c.item.heightPt]).toEqual([112.5, 30, 112.5, 30]);
    expect((c.item as ShapeInline).paths[0]).toEqual(rect(112.5, 30));
    // The model is not changed.
    expect(group.widthPt).toBe(100);
  });

  it('stretches a shaped picture\'s outline', () => {
    const img: ImageInline = { kind: 'image', media: 'm', widthPt: 100, heightPt: 100, props, shapePaths: [rect(100, 100)], anchor: anchor({ height: { relativeTo: 'bottomMargin', share: 0.5 } }) };
    const out = sizedFloat(img, page);
    expect([out.widthPt, out.heightPt]).toEqual([100, 20]);
    expect(out.shapePaths![0]).toEqual(rect(100, 20));
  });
});
