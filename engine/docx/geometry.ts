/**
 * Outlines of DrawingML preset shapes (a:prstGeom, ECMA-376 Part 1 §20.1.9.18 and the preset shape
 * definitions of §20.1.10.56) for the shapes documents commonly use, in points with the origin at
 * the shape's top-left; and custom geometry (a:custGeom paths) scaled to the shape.
 */
import type { PathCommand, PathPaint } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { shapeGuides } from './geometry-guides';
import { arcTo, C, L, M, quadTo, Z } from './path-build';
import { isTablePreset, tablePreset } from './preset-geometry';
import { intValue } from './values';

const EMU_PER_PT = 12700;

type Adj = (name: string, dflt: number) => number;
type Preset = (w: number, h: number, adj: Adj) => PathCommand[][];

const K = 0.5522847498307936;


function polygon(points: ReadonlyArray<readonly [number, number]>): PathCommand[] {
  const out: PathCommand[] = [];
  points.forEach(([x, y], i) => out.push(i === 0 ? M(x, y) : L(x, y)));
  out.push(Z);
  return out;
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): PathCommand[] {
  const kx = rx * K;
  const ky = ry * K;
  return [
    M(cx + rx, cy),
    C(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
    C(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
    C(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
    C(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
    Z,
  ];
}

function roundRectPath(w: number, h: number, r0: number): PathCommand[] {
  const r = Math.max(0, Math.min(r0, w / 2, h / 2));
  const k = r * (1 - K);
  return [
    M(r, 0), L(w - r, 0), C(w - k, 0, w, k, w, r), L(w, h - r), C(w, h - k, w - k, h, w - r, h), L(r, h), C(k, h, 0, h - k, 0, h - r),
    L(0, r), C(0, k, k, 0, r, 0), Z,
  ];
}

function arrow(w: number, h: number, adj: Adj, dir: 'right' | 'left' | 'up' | 'down'): PathCommand[] {
  const horizontal = dir === 'right' || dir === 'left';
  const len = horizontal ? w : h;
  const thick = horizontal ? h : w;
  const ss = Math.min(w, h);
  const shaft = (thick * Math.max(0, Math.min(adj('adj1', 50000), 100000))) / 100000;
  const head = Math.min(len, (ss * Math.max(0, adj('adj2', 50000))) / 100000);
  const a = (thick - shaft) / 2;
  // Right-pointing in (along, across), then mapped.
  const pts: Array<[number, number]> = [[0, a], [len - head, a], [len - head, 0], [len, thick / 2], [len - head, thick], [len - head, thick - a], [0, thick - a]];
  const map = ([u, v]: [number, number]): [number, number] => {
    switch (dir) {
      case 'right': return [u, v];
      case 'left': return [len - u, v];
      case 'down': return [v, u];
      default: return [v, len - u];
    }
  };
  return polygon(pts.map(map));
}

const rect: Preset = (w, h) => [polygon([[0, 0], [w, 0], [w, h], [0, h]])];

/** Preset outlines by a:prstGeom/@prst. */
const PRESETS: Record<string, Preset> = {
  rect,
  flowChartProcess: rect,
  roundRect: (w, h, adj) => [roundRectPath(w, h, (Math.min(w, h) * adj('adj', 16667)) / 100000)],
  flowChartAlternateProcess: (w, h) => [roundRectPath(w, h, Math.min(w, h) / 6)],
  ellipse: (w, h) => [ellipsePath(w / 2, h / 2, w / 2, h / 2)],
  flowChartConnector: (w, h) => [ellipsePath(w / 2, h / 2, w / 2, h / 2)],
  line: (w, h) => [[M(0, 0), L(w, h)]],
  straightConnector1: (w, h) => [[M(0, 0), L(w, h)]],
  bentConnector2: (w, h) => [[M(0, 0), L(w, 0), L(w, h)]],
  bentConnector3: (w, h, adj) => {
    const x = (w * adj('adj1', 50000)) / 100000;
    return [[M(0, 0), L(x, 0), L(x, h), L(w, h)]];
  },
  triangle: (w, h, adj) => [polygon([[(w * adj('adj', 50000)) / 100000, 0], [w, h], [0, h]])],
  rtTriangle: (w, h) => [polygon([[0, 0], [w, h], [0, h]])],
  diamond: (w, h) => [polygon([[w / 2, 0], [w, h / 2], [w / 2, h], [0, h / 2]])],
  flowChartDecision: (w, h) => [polygon([[w / 2, 0], [w, h / 2], [w / 2, h], [0, h / 2]])],
  parallelogram: (w, h, adj) => {
    const x = (Math.min(w, h) * adj('adj', 25000)) / 100000;
    return [polygon([[x, 0], [w, 0], [w - x, h], [0, h]])];
  },
  trapezoid: (w, h, adj) => {
    const x = (Math.min(w, h) * adj('adj', 25000)) / 100000;
    return [polygon([[x, 0], [w - x, 0], [w, h], [0, h]])];
  },
  hexagon: (w, h, adj) => {
    const x = (Math.min(w, h) * adj('adj', 25000)) / 100000;
    return [polygon([[x, 0], [w - x, 0], [w, h / 2], [w - x, h], [x, h], [0, h / 2]])];
  },
  octagon: (w, h, adj) => {
    const x = (Math.min(w, h) * adj('adj', 29289)) / 100000;
    return [polygon([[x, 0], [w - x, 0], [w, x], [w, h - x], [w - x, h], [x, h], [0, h - x], [0, x]])];
  },
  flowChartManualOperation: (w, h) => [polygon([[0, 0], [w, 0], [w * 0.8, h], [w * 0.2, h]])],
  mathPlus: (w, h, adj) => {
    // Arms reach 73490/200000 of the box from the centre; adj1 is the arm thickness per min(w, h).
    const a = Math.min(73490, Math.max(0, adj('adj1', 23520)));
    const [hc, vc, dx1, dy1, d] = [w / 2, h / 2, (w * 73490) / 200000, (h * 73490) / 200000, (Math.min(w, h) * a) / 200000];
    const [x1, x2, x3, x4, y1, y2, y3, y4] = [hc - dx1, hc - d, hc + d, hc + dx1, vc - dy1, vc - d, vc + d, vc + dy1];
    return [polygon([[x1, y2], [x2, y2], [x2, y1], [x3, y1], [x3, y2], [x4, y2], [x4, y3], [x3, y3], [x3, y4], [x2, y4], [x2, y3], [x1, y3]])];
  },
  mathMinus: (w, h, adj) => {
    const d = (Math.min(w, h) * Math.min(100000, Math.max(0, adj('adj1', 23520)))) / 200000;
    const dx1 = (w * 73490) / 200000;
    return [polygon([[w / 2 - dx1, h / 2 - d], [w / 2 + dx1, h / 2 - d], [w / 2 + dx1, h / 2 + d], [w / 2 - dx1, h / 2 + d]])];
  },
  plus: (w, h, adj) => {
    const x = (Math.min(w, h) * adj('adj', 25000)) / 100000;
    return [polygon([[x, 0], [w - x, 0], [w - x, x], [w, x], [w, h - x], [w - x, h - x], [w - x, h], [x, h], [x, h - x], [0, h - x], [0, x], [x, x]])];
  },
  rightArrow: (w, h, adj) => [arrow(w, h, adj, 'right')],
  leftArrow: (w, h, adj) => [arrow(w, h, adj, 'left')],
  upArrow: (w, h, adj) => [arrow(w, h, adj, 'up')],
  downArrow: (w, h, adj) => [arrow(w, h, adj, 'down')],
  chevron: (w, h, adj) => {
    const x = Math.min(w, (Math.min(w, h) * adj('adj', 50000)) / 100000);
    return [polygon([[0, 0], [w - x, 0], [w, h / 2], [w - x, h], [0, h], [x, h / 2]])];
  },
  homePlate: (w, h, adj) => {
    const x = Math.min(w, (Math.min(w, h) * adj('adj', 50000)) / 100000);
    return [polygon([[0, 0], [w - x, 0], [w, h / 2], [w - x, h], [0, h]])];
  },
};

/** Reads a:avLst guide values (a:gd name="adj" fmla="val 25000"). */
export function readAdjustments(prstGeom: XmlElement | undefined): Adj {
  const map = new Map<string, number>();
  for (const gd of children(child(prstGeom, 'a:avLst'), 'a:gd')) {
    const name = attr(gd, 'name');
    const m = /^val\s+(-?\d+)/.exec(attr(gd, 'fmla') ?? '');
    if (name && m) map.set(name, Number(m[1]));
  }
  return (name, dflt) => map.get(name) ?? (name === 'adj1' ? map.get('adj') ?? dflt : name === 'adj' ? map.get('adj1') ?? dflt : dflt);
}

/** True when the preset's outline is drawn by `presetPaths` (others fall back to a rectangle). */
export function isKnownPreset(name: string): boolean {
  return name in PRESETS || isTablePreset(name);
}

/** A preset drawn for a size: outlines, how each is painted, and the text rectangle when the preset defines one. */
export interface DrawnPreset {
  readonly paths: PathCommand[][];
  readonly paints?: ReadonlyArray<PathPaint | undefined>;
  readonly textRect?: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

/**
 * Draws preset `name` for a shape of `w`×`h` points: the hand-drawn outlines above first, then the
 * preset table (preset-geometry.ts); unknown presets give the bounding rectangle.
 */
export function drawPreset(name: string, w: number, h: number, adj: Adj = (_n, d) => d): DrawnPreset {
  const [cw, ch] = [Number.isFinite(w) ? Math.max(0, w) : 0, Number.isFinite(h) ? Math.max(0, h) : 0];
  const own = PRESETS[name];
  const table = tablePreset(name, cw, ch, adj);
  if (own) return { paths: own(cw, ch, adj), ...(table ? { textRect: table.textRect } : {}) };
  if (!table) return { paths: rect(cw, ch, adj) };
  return { paths: table.paths, ...(table.paints.some((p) => p) ? { paints: table.paints } : {}), textRect: table.textRect };
}

/** The outline of a preset shape of `w`×`h` points; unknown presets give the bounding rectangle. */
export function presetPaths(name: string, w: number, h: number, adj: Adj = (_n, d) => d): PathCommand[][] {
  return drawPreset(name, w, h, adj).paths;
}

/**
 * The geometry of a shape properties element (a:prstGeom or a:custGeom in spPr) for `w`×`h` points;
 * `name` is the preset's name, `custom`, or `rect` when the shape names no geometry.
 */
export function spGeometry(spPr: XmlElement | undefined, w: number, h: number): DrawnPreset & { readonly name: string } {
  const prst = child(spPr, 'a:prstGeom');
  const cust = child(spPr, 'a:custGeom');
  const name = prst ? attr(prst, 'prst') ?? 'rect' : cust ? 'custom' : 'rect';
  if (cust) return { name, paths: customPaths(cust, w, h), textRect: customTextRect(cust, w, h) };
  return { name, ...drawPreset(name, w, h, readAdjustments(prst)) };
}

/** How far a text rectangle lies inside a `w`×`h` shape on each side (never negative). */
export function textRectInsets(rect: DrawnPreset['textRect'], w: number, h: number): { left: number; top: number; right: number; bottom: number } {
  const d = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.max(0, v) : 0);
  return rect ? { left: d(rect.left), top: d(rect.top), right: d(w - rect.right), bottom: d(h - rect.bottom) } : { left: 0, top: 0, right: 0, bottom: 0 };
}

/** The text rectangle of a:custGeom (a:rect, §20.1.9.22) in points, when it has one. */
function customTextRect(custGeom: XmlElement, w: number, h: number): DrawnPreset['textRect'] {
  const rectEl = child(custGeom, 'a:rect');
  if (!rectEl) return undefined;
  const g = shapeGuides(custGeom, w * EMU_PER_PT, h * EMU_PER_PT);
  const v = (n: string) => g(attr(rectEl, n)) / EMU_PER_PT;
  return { left: v('l'), top: v('t'), right: v('r'), bottom: v('b') };
}

/**
 * Converts a:custGeom paths (§20.1.9.8) to outlines scaled to the shape (`w`×`h` points). Points,
 * radii and angles may name a guide of the shape's avLst / gdLst (geometry-guides.ts).
 */
export function customPaths(custGeom: XmlElement, w: number, h: number): PathCommand[][] {
  const out: PathCommand[][] = [];
  const g = shapeGuides(custGeom, w * EMU_PER_PT, h * EMU_PER_PT);
  for (const path of children(child(custGeom, 'a:pathLst'), 'a:path')) {
    const pw = intValue(attr(path, 'w')) || 0;
    const ph = intValue(attr(path, 'h')) || 0;
    const sx = pw > 0 ? w / pw : 1 / EMU_PER_PT;
    const sy = ph > 0 ? h / ph : 1 / EMU_PER_PT;
    const pt = (el: XmlElement | undefined): [number, number] => [g(attr(el, 'x')) * sx, g(attr(el, 'y')) * sy];
    const cmds: PathCommand[] = [];
    let cur: [number, number] = [0, 0];
    for (const c of path.children) {
      if (c.kind !== 'element' || cmds.length > 10_000) continue;
      const pts = children(c, 'a:pt');
      switch (c.name) {
        case 'a:moveTo':
          cur = pt(pts[0]);
          cmds.push(M(...cur));
          break;
        case 'a:lnTo':
          cur = pt(pts[0]);
          cmds.push(L(...cur));
          break;
        case 'a:cubicBezTo': {
          const [a, b, d] = [pt(pts[0]), pt(pts[1]), pt(pts[2])];
          cmds.push(C(a[0], a[1], b[0], b[1], d[0], d[1]));
          cur = d;
          break;
        }
        case 'a:quadBezTo': {
          const d = pt(pts[1]);
          cmds.push(quadTo(cur, pt(pts[0]), d));
          cur = d;
          break;
        }
        case 'a:arcTo':
          cur = [...arcTo(cmds, cur, g(attr(c, 'wR')) * sx, g(attr(c, 'hR')) * sy, g(attr(c, 'stAng')) / 60000, g(attr(c, 'swAng')) / 60000)];
          break;
        case 'a:close':
          cmds.push(Z);
          break;
        default:
          break;
      }
    }
    if (cmds.length > 0) out.push(cmds);
  }
  return out;
}
