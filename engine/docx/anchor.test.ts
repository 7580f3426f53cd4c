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

describe('readAnchor relative size (wp14:sizeRelH / wp14:sizeRelV)', () => {
  const WP14 = 'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing"';
  function anchorWithSize(inner: string) {
    const doc = parseXml(`<wp:anchor ${NS} ${WP14}><wp:extent cx="100" cy="100"/><wp:wrapNone/>${inner}</wp:anchor>`);
    if (!doc.ok) throw new Error('bad xml');
    return readAnchor(doc.value.root);
  }
  const relH = (from: string, pct: string) => `<wp14:sizeRelH relativeFrom="${from}"><wp14:pctWidth>${pct}</wp14:pctWidth></wp14:sizeRelH>`;
  const relV = (from: string, pct: string) => `<wp14:sizeRelV relativeFrom="${from}"><wp14:pctHeight>${pct}</wp14:pctHeight></wp14:sizeRelV>`;

  it('reads each share (thousandths of a percent) and its area', () => {
    expect(anchorWithSize(relH('leftMargin', '40000') + relV('bottomMargin', '95000')).relativeSize).toEqual({
      width: { relativeTo: 'leftMargin', share: 0.4 },
      height: { relativeTo: 'bottomMargin', share: 0.95 },
    });
    expect(anchorWithSize(relV('insideMargin', '50%')).relativeSize).toEqual({ height: { relativeTo: 'insideMargin', share: 0.5 } });
  });

  it('keeps the extent for a share of 0, a bad or missing share, and no elements', () => {
    expect(anchorWithSize(relH('page', '0') + relV('margin', '0')).relativeSize).toBeUndefined();
    expect(anchorWithSize(relH('page', 'x') + relV('margin', '-5000')).relativeSize).toBeUndefined();
    expect(anchorWithSize('<wp14:sizeRelH relativeFrom="page"/>').relativeSize).toBeUndefined();
    expect(anchorWithSize('').relativeSize).toBeUndefined();
  });

  it('reads an unknown area as the page and bounds the share at ten times its area', () => {
    expect(anchorWithSize(relH('column', '99999999')).relativeSize).toEqual({ width: { relativeTo: 'page', share: 10 } });
  });
});
