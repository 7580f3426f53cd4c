import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml';
import { MAX_WRAP_POLYGON_POINTS, readAnchor } from './anchor';

const NS = 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"';

function anchorWith(wrap: string) {
  const doc = parseXml(`<wp:anchor ${NS} distL="114300" distR="114300"><wp:extent cx="100" cy="100"/>${wrap}</wp:anchor>`);
  if (!doc.ok) throw new Error('bad xml');
  return readAnchor(doc.value.root);
}

const polygon = (points: ReadonlyArray<readonly [number | string, number | string]>) =>
  `<wp:wrapPolygon edited="0">${points.map(([x, y], i) => `<wp:${i === 0 ? 'start' : 'lineTo'} x="${x}" y="${y}"/>`).join('')}</wp:wrapPolygon>`;

describe('readAnchor wrap polygon (wp:wrapTight / wp:wrapThrough > wp:wrapPolygon)', () => {
  it('reads the polygon of tight and through wrapping as fractions of the extent', () => {
    const tight = anchorWith(`<wp:wrapTight wrapText="bothSides">${polygon([[10800, 0], [21600, 21600], [0, 21600], [10800, 0]])}</wp:wrapTight>`);
    expect(tight.wrap).toBe('tight');
    expect(tight.wrapPolygon).toEqual([{ x: 0.5, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: 0.5, y: 0 }]);
    const through = anchorWith(`<wp:wrapThrough wrapText="largest">${polygon([[-100, -100], [21700, 0], [0, 21700]])}</wp:wrapThrough>`);
    expect(through).toMatchObject({ wrap: 'through', wrapSide: 'largest' });
    expect(through.wrapPolygon?.length).toBe(3);
  });

  it('ignores degenerate polygons: line sentinels, too few points, no height, too many points', () => {
    const cases = [
      polygon([[-2147483648, -2147483648], [-2147483648, 21600], [21600, 21600], [21600, -2147483648]]),
      polygon([[0, 0], [21600, 21600]]),
      polygon([[0, 100], [21600, 100], [10000, 100]]),
      polygon([[0, 0], [21600, 'x'], [0, 21600]]),
      polygon(Array.from({ length: MAX_WRAP_POLYGON_POINTS + 1 }, (_, i) => [i % 21600, (i * 7) % 21600] as const)),
    ];
    for (const p of cases) {
      const a = anchorWith(`<wp:wrapTight wrapText="bothSides">${p}</wp:wrapTight>`);
      expect(a.wrap).toBe('tight');
      expect(a.wrapPolygon).toBeUndefined();
    }
  });

  it('keeps no polygon for square wrapping', () => {
    expect(anchorWith('<wp:wrapSquare wrapText="bothSides"/>').wrapPolygon).toBeUndefined();
  });
});
