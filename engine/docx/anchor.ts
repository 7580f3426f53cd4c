/**
 * Floating placement of DrawingML objects (wp:anchor, CT_Anchor, §20.4.2.3): position relative to
 * page/margin/column/paragraph/line/character by alignment or offset, wrapping and distances.
 */
import type { FloatAnchor } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, textContent } from '../xml';
import { emuAttr, intValue, measureValue, onOffValue } from './values';

const H_RELATIVE = ['page', 'margin', 'column', 'character', 'leftMargin', 'rightMargin', 'insideMargin', 'outsideMargin'] as const;
const V_RELATIVE = ['page', 'margin', 'paragraph', 'line', 'topMargin', 'bottomMargin', 'insideMargin', 'outsideMargin'] as const;
const H_ALIGN = ['left', 'center', 'right', 'inside', 'outside'] as const;
const V_ALIGN = ['top', 'center', 'bottom', 'inside', 'outside'] as const;

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
  };
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
