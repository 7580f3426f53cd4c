/**
 * Floating placement of DrawingML objects (wp:anchor, CT_Anchor, §20.4.2.3): position relative to
 * page/margin/column/paragraph/line/character by alignment or offset, wrapping and distances.
 */
import type { FloatAnchor } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, textContent } from '../xml';
import { emuAttr, intValue, measureValue, onOffValue, percentValue } from './values';

const H_RELATIVE = ['page', 'margin', 'column', 'character', 'leftMargin', 'rightMargin', 'insideMargin', 'outsideMargin'] as const;
const V_RELATIVE = ['page', 'margin', 'paragraph', 'line', 'topMargin', 'bottomMargin', 'insideMargin', 'outsideMargin'] as const;
const H_ALIGN = ['left', 'center', 'right', 'inside', 'outside'] as const;
const V_ALIGN = ['top', 'center', 'bottom', 'inside', 'outside'] as const;
/** ST_SizeRelFromH and ST_SizeRelFromV ([MS-ODRAWXML] 2.18.4.2-3): the areas a relative size is a share of. */
const SIZE_H_RELATIVE = ['page', 'margin', 'leftMargin', 'rightMargin', 'insideMargin', 'outsideMargin'] as const;
const SIZE_V_RELATIVE = ['page', 'margin', 'topMargin', 'bottomMargin', 'insideMargin', 'outsideMargin'] as const;
/** Largest share a relative size may ask for (ten times its area): the extent is not bounded either, but a page is. */
export const MAX_SIZE_SHARE = 10;

function pick<T extends string>(v: string | undefined, allowed: readonly T[], d: T): T {
  return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : d;
}

function position<R extends string, A extends string>(
  el: XmlElement | undefined, relatives: readonly R[], aligns: readonly A[], dflt: R, pctName: string,
): { relativeTo: R; align?: A; offsetPt?: number; offsetPct?: number } {
  const relativeTo = pick(attr(el, 'relativeFrom'), relatives, dflt);
  const align = child(el, 'wp:align');
  if (align) return { relativeTo, align: pick(textContent(align).trim(), aligns, aligns[0]!) };
  const pct = child(el, pctName);
  if (pct) {
    const v = intValue(textContent(pct).trim());
    if (v !== undefined) return { relativeTo, offsetPct: v / 100000 };
  }
  const off = child(el, 'wp:posOffset');
  const pt = off ? measureValue(textContent(off).trim(), 12700) : undefined;
  return { relativeTo, offsetPt: pt ?? 0 };
}

/** Reads a wp:anchor's placement. */
export function readAnchor(el: XmlElement): FloatAnchor {
  const a = el.attrs;
  const simple = onOffValue(a['simplePos']) === true && child(el, 'wp:simplePos');
  const horizontal = simple
    ? { relativeTo: 'page' as const, offsetPt: emuAttr(child(el, 'wp:simplePos'), 'x') ?? 0 }
    : position(child(el, 'wp:positionH'), H_RELATIVE, H_ALIGN, 'column', 'wp14:pctPosHOffset');
  const vertical = simple
    ? { relativeTo: 'page' as const, offsetPt: emuAttr(child(el, 'wp:simplePos'), 'y') ?? 0 }
    : position(child(el, 'wp:positionV'), V_RELATIVE, V_ALIGN, 'paragraph', 'wp14:pctPosVOffset');
  const { wrap, wrapSide, wrapPolygon } = readWrap(el);
  const dist = (name: string) => Math.max(0, emuAttr(el, name) ?? 0);
  const z = intValue(a['relativeHeight']);
  return {
    horizontal,
    vertical,
    wrap,
    wrapSide,
    ...(wrapPolygon ? { wrapPolygon } : {}),
    distancePt: { top: dist('distT'), bottom: dist('distB'), left: dist('distL'), right: dist('distR') },
    behindText: onOffValue(a['behindDoc']) === true,
    allowOverlap: onOffValue(a['allowOverlap']) !== false,
    layoutInCell: onOffValue(a['layoutInCell']) !== false,
    zIndex: z === undefined ? 0 : z,
    ...readRelativeSize(el),
  };
}

/**
 * wp14:sizeRelH / wp14:sizeRelV (CT_SizeRelH, CT_SizeRelV, [MS-ODRAWXML] 2.18.3.1-2): the width or
 * height as a share of a page area (wp14:pctWidth / wp14:pctHeight, ST_PositivePercentage, thousandths
 * of a percent), which Word lays the object out with in place of wp:extent. A share of 0 (what Word
 * writes for an absolute size) keeps the extent.
 */
function readRelativeSize(el: XmlElement): Pick<FloatAnchor, 'relativeSize'> {
  const width = relativeShare(child(el, 'wp14:sizeRelH'), 'wp14:pctWidth', SIZE_H_RELATIVE);
  const height = relativeShare(child(el, 'wp14:sizeRelV'), 'wp14:pctHeight', SIZE_V_RELATIVE);
  if (!width && !height) return {};
  return { relativeSize: { ...(width ? { width } : {}), ...(height ? { height } : {}) } };
}

function relativeShare<R extends string>(el: XmlElement | undefined, pctName: string, relatives: readonly R[]): { relativeTo: R; share: number } | undefined {
  const pct = child(el, pctName);
  if (!pct) return undefined;
  const share = percentValue(textContent(pct), 100000);
  if (share === undefined || !(share > 0)) return undefined;
  return { relativeTo: pick(attr(el, 'relativeFrom'), relatives, relatives[0]!), share: Math.min(share, MAX_SIZE_SHARE) };
}

type Wrap = Pick<FloatAnchor, 'wrap' | 'wrapSide' | 'wrapPolygon'>;

function readWrap(el: XmlElement): Wrap {
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const side = pick(attr(c, 'wrapText') === 'bothSides' ? 'both' : attr(c, 'wrapText'), ['both', 'left', 'right', 'largest'] as const, 'both');
    switch (c.name) {
      case 'wp:wrapNone':
        return { wrap: 'none', wrapSide: 'both' };
      case 'wp:wrapSquare':
        return { wrap: 'square', wrapSide: side };
      case 'wp:wrapTight':
      case 'wp:wrapThrough': {
        const polygon = readWrapPolygon(child(c, 'wp:wrapPolygon'));
        return { wrap: c.name === 'wp:wrapTight' ? 'tight' : 'through', wrapSide: side, ...(polygon ? { wrapPolygon: polygon } : {}) };
      }
      case 'wp:wrapTopAndBottom':
        return { wrap: 'topAndBottom', wrapSide: 'both' };
      default:
        break;
    }
  }
  return { wrap: 'none', wrapSide: 'both' };
}

/** Most points a wrap polygon may have; longer ones fall back to the bounding box. */
export const MAX_WRAP_POLYGON_POINTS = 1000;

/** wp:wrapPolygon coordinates: 21600 is the object's full extent (§20.4.2.16, CT_WrapPath). */
const POLYGON_UNIT = 21600;

/**
 * Reads wp:wrapPolygon (wp:start, then wp:lineTo points) as fractions of the object's extent; undefined
 * when it has fewer than three points, too many, or coordinates far outside the object (some files
 * write -2147483648 for lines), so the bounding box is used instead.
 */
export function readWrapPolygon(el: XmlElement | undefined): FloatAnchor['wrapPolygon'] {
  if (!el) return undefined;
  const points: Array<{ x: number; y: number }> = [];
  for (const c of el.children) {
    if (c.kind !== 'element' || (c.name !== 'wp:start' && c.name !== 'wp:lineTo')) continue;
    if (points.length >= MAX_WRAP_POLYGON_POINTS) return undefined;
    const x = intValue(attr(c, 'x'));
    const y = intValue(attr(c, 'y'));
    if (x === undefined || y === undefined || Math.abs(x) > POLYGON_UNIT * 2 || Math.abs(y) > POLYGON_UNIT * 2) return undefined;
    points.push({ x: x / POLYGON_UNIT, y: y / POLYGON_UNIT });
  }
  if (points.length < 3) return undefined;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return maxY - minY > 0 ? points : undefined;
}
