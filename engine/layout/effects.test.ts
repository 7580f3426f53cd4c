import { describe, expect, it } from 'vitest';
import type { ImageItem, PathCommand, PathItem, Reflection } from '../model';
import { glowRings, reflectionItems, softEdgeLayers } from './effects';

const square: PathCommand[] = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10, y: 0 }, { op: 'L', x: 10, y: 10 }, { op: 'L', x: 0, y: 10 }, { op: 'Z' }];
const box = { x: 0, y: 0, w: 10, h: 10 };
const base: Reflection = { startOpacity: 0.5, startPos: 0, endOpacity: 0, endPos: 1, dxPt: 0, dyPt: 0, fadeQuarter: 1, sx: 1, sy: -1, align: 'b', blurPt: 0 };
const path: PathItem = { kind: 'path', commands: square, fill: 'FF0000' };
const ys = (p: PathItem) => p.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.y]));
/** Stacked opacity over each layer's own stretch, layers nested from the strong end. */
const stacked = (layers: readonly number[]) => layers.map((_, k) => 1 - layers.slice(k).reduce((t, a) => t * (1 - a), 1));

describe('glowRings', () => {
  it('draws an opaque glow\'s innermost ring opaque (no stroke alpha) and the outer ones stepping down', () => {
    const rings = glowRings(square, { color: '00FF00', opacity: 1, radPt: 4 });
    expect(rings.map((r) => r.lineWidth)).toEqual([8, 6, 4, 2]);
    expect(rings.map((r) => r.strokeOpacity)).toEqual([0.25, 0.333, 0.5, undefined]);
  });

  it('draws nothing for an empty outline or a glow of no radius', () => {
    expect(glowRings([], { color: '00FF00', opacity: 1, radPt: 4 })).toEqual([]);
    expect(glowRings(square, { color: '00FF00', opacity: 1, radPt: 0 })).toEqual([]);
  });
});

describe('reflectionItems', () => {
  it('mirrors above the object for a top alignment, bands nested from the mirror line up', () => {
    const bands = reflectionItems([path], box, { ...base, align: 't', fadeQuarter: 3 });
    const copy = bands[0]!.items[0] as PathItem;
    expect(Math.min(...ys(copy))).toBe(-10);
    expect(Math.max(...ys(copy))).toBe(0);
    // Every band ends at the mirror line (y 0) and reaches further up than the one before.
    for (const b of bands) expect(b.clip!.y + b.clip!.h).toBeCloseTo(0, 3);
    for (let k = 1; k < bands.length; k++) expect(bands[k]!.clip!.y).toBeLessThan(bands[k - 1]!.clip!.y);
  });

  it('nests a fade that grows away from the object from its far side, stacking to the growing opacity', () => {
    const bands = reflectionItems([path], box, { ...base, startOpacity: 0, endOpacity: 0.6 });
    // Bands start where their stretch does and run to the far end (y 20 and past it).
    for (const b of bands) expect(b.clip!.y + b.clip!.h).toBeGreaterThan(20);
    for (let k = 1; k < bands.length; k++) expect(bands[k]!.clip!.y).toBeGreaterThan(bands[k - 1]!.clip!.y);
    const layers = bands.map((b) => (b.items[0] as PathItem).fillOpacity!);
    const fade = stacked([...layers].reverse()).reverse();
    for (let k = 1; k < fade.length; k++) expect(fade[k]).toBeGreaterThan(fade[k - 1]!);
    expect(fade.at(-1)).toBeCloseTo(0.6 * (1 - 1 / 16), 2);
  });

  it('cuts a sideways fade into vertical strips and mirrors a picture by flipping it', () => {
    const img: ImageItem = { kind: 'image', x: 0, y: 0, w: 10, h: 10, image: 0 };
    const bands = reflectionItems([img], box, { ...base, sx: -1, sy: 1, align: 'r', fadeQuarter: 0 });
    const copy = bands[0]!.items[0] as ImageItem;
    expect(copy).toMatchObject({ x: 10, y: 0, w: 10, h: 10, flipH: true });
    expect(copy.flipV).toBeUndefined();
    expect(bands.every((b) => b.clip!.x === 10 && b.clip!.h > 10)).toBe(true);
  });

  it('draws nothing for an object of no size', () => {
    expect(reflectionItems([path], { x: 0, y: 0, w: 0, h: 10 }, base)).toEqual([]);
  });
});

describe('softEdgeLayers', () => {
  it('keeps a translucent fill\'s own opacity inside: the layers stack to it', () => {
    const layers = softEdgeLayers([{ ...path, fillOpacity: 0.8 }], box, 2) as PathItem[];
    const through = layers.reduce((t, p) => t * (1 - p.fillOpacity!), 1);
    expect(1 - through).toBeCloseTo(0.8, 2);
  });

  it('is no deeper than half the object: a 4 pt box with a 10 pt soft edge steps to its centre', () => {
    const small = [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 4, y: 0 }, { op: 'L', x: 4, y: 4 }, { op: 'Z' }] as PathCommand[];
    const layers = softEdgeLayers([{ ...path, commands: small }], { x: 0, y: 0, w: 4, h: 4 }, 10) as PathItem[];
    const innermost = layers.at(-1)!;
    const xs = innermost.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x]));
    // Inset 3/4 of 2 pt: 1.5 pt from each side.
    expect(Math.min(...xs)).toBeCloseTo(1.5, 3);
    expect(Math.max(...xs)).toBeCloseTo(2.5, 3);
  });
});
