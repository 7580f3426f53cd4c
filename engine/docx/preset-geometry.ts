/**
 * Preset shapes (a:prstGeom, ECMA-376 Part 1 §20.1.9.18) drawn from a table of definitions
 * (preset-data-*.ts) in a compact form of our own, evaluated by the guide evaluator:
 *
 * - `av`: the adjust values and their defaults, `"adj1 18750 adj2 -8333"`.
 * - `gd`: guide formulas in order, `"x1 +- r 0 dx; y1 ?: adj dy 0"` (§20.1.9.11 operators).
 * - `paths`: one string per a:path: optional flags (`nofill`, `nostroke`, `darken`, `darkenLess`,
 *   `lighten`, `lightenLess`, `w=21600`, `h=21600` for a path's own coordinate space), then commands
 *   `M x y`, `L x y`, `A wR hR stAng swAng`, `C x1 y1 x2 y2 x y`, `Q x1 y1 x y`, `Z`, each argument a
 *   number or a guide name.
 * - `rect`: the text rectangle's left, top, right and bottom (default `l t r b`).
 */
import type { PathCommand, PathPaint } from '../model';
import { evaluateGuides, type GuideValue } from './geometry-guides';
import { arcTo, C, L, M, quadTo, Z, type Point } from './path-build';
import { PRESET_DATA_A, PRESET_DATA_A2 } from './preset-data-a';
import { PRESET_DATA_B, PRESET_DATA_B2 } from './preset-data-b';
import { PRESET_DATA_C } from './preset-data-c';
import { PRESET_DATA_D } from './preset-data-d';
import { PRESET_DATA_E } from './preset-data-e';
import { PRESET_DATA_F } from './preset-data-f';
import { PRESET_DATA_G } from './preset-data-g';
import { PRESET_DATA_H } from './preset-data-h';
import { PRESET_DATA_I } from './preset-data-i';
import { PRESET_TEXT_RECTS } from './preset-data-rects';
import { PRESET_TEXT_WARPS } from './preset-text-warps';

/** One preset's definition in the table's compact form (see the file comment). */
export interface PresetDef {
  readonly av?: string;
  readonly gd?: string;
  readonly paths: readonly string[];
  readonly rect?: string;
}

/** A preset drawn for a size: its paths, how each is painted, and its text rectangle (points). */
export interface PresetGeometry {
  readonly paths: PathCommand[][];
  readonly paints: Array<PathPaint | undefined>;
  readonly textRect: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

interface ParsedPath {
  readonly w: number;
  readonly h: number;
  readonly paint: PathPaint | undefined;
  readonly tokens: readonly string[];
}

interface Parsed {
  readonly av: ReadonlyArray<readonly [string, number]>;
  readonly gd: ReadonlyArray<readonly [string, string]>;
  readonly paths: readonly ParsedPath[];
  readonly rect: readonly string[];
}

const TABLE: Readonly<Record<string, PresetDef>> = { ...PRESET_DATA_A, ...PRESET_DATA_A2, ...PRESET_DATA_B, ...PRESET_DATA_B2, ...PRESET_DATA_C, ...PRESET_DATA_D, ...PRESET_DATA_E, ...PRESET_DATA_F, ...PRESET_DATA_G, ...PRESET_DATA_H, ...PRESET_TEXT_RECTS, ...PRESET_DATA_I };
const parsedCache = new Map<string, Parsed>();
const warpCache = new Map<string, Parsed>();
const FILLS = new Set(['darken', 'darkenLess', 'lighten', 'lightenLess']);
/** Arguments each path command takes. */
const ARITY: Record<string, number> = { M: 2, L: 2, A: 4, C: 6, Q: 4, Z: 0 };

/** True when the table defines preset `name` (its outline, or only its text rectangle). */
export function isTablePreset(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(TABLE, name);
}

/** The preset names whose outlines the table defines (the others give only a text rectangle). */
export function tablePresetNames(): string[] {
  return Object.keys(TABLE).filter((n) => TABLE[n]!.paths.length > 0);
}

function parsePath(text: string): ParsedPath {
  const tokens = text.trim().split(/\s+/);
  let w = 0;
  let h = 0;
  let paint: { -readonly [K in keyof PathPaint]: PathPaint[K] } | undefined;
  let i = 0;
  for (; i < tokens.length && !(tokens[i]! in ARITY); i++) {
    const t = tokens[i]!;
    if (t === 'nofill') paint = { ...paint, fill: 'none' };
    else if (t === 'nostroke') paint = { ...paint, stroke: false };
    else if (FILLS.has(t)) paint = { ...paint, fill: t as NonNullable<PathPaint['fill']> };
    else if (t.startsWith('w=')) w = Number(t.slice(2)) || 0;
    else if (t.startsWith('h=')) h = Number(t.slice(2)) || 0;
  }
  return { w, h, paint, tokens: tokens.slice(i) };
}

function parse(name: string, table: Readonly<Record<string, PresetDef>> = TABLE, cache = parsedCache): Parsed | undefined {
  const cached = cache.get(name);
  if (cached) return cached;
  const def = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
  if (!def) return undefined;
  const words = (def.av ?? '').trim().split(/\s+/).filter(Boolean);
  const av: Array<[string, number]> = [];
  for (let i = 0; i + 1 < words.length; i += 2) av.push([words[i]!, Number(words[i + 1])]);
  const gd = (def.gd ?? '').split(';').map((g) => g.trim()).filter(Boolean).map((g): [string, string] => {
    const sp = g.indexOf(' ');
    return [g.slice(0, sp), g.slice(sp + 1)];
  });
  const parsed: Parsed = { av, gd, paths: def.paths.map(parsePath), rect: (def.rect ?? 'l t r b').split(/\s+/) };
  cache.set(name, parsed);
  return parsed;
}

/** Draws one parsed path with guide values `g`, scaled from its own space when it has one. */
function drawPath(p: ParsedPath, g: GuideValue, w: number, h: number): PathCommand[] {
  const sx = p.w > 0 ? w / p.w : 1;
  const sy = p.h > 0 ? h / p.h : 1;
  const cmds: PathCommand[] = [];
  let cur: Point = [0, 0];
  const t = p.tokens;
  for (let i = 0; i < t.length;) {
    const op = t[i]!;
    const n = ARITY[op] ?? 0;
    const a = (k: number) => g(t[i + 1 + k]);
    const pt = (k: number): Point => [a(k) * sx, a(k + 1) * sy];
    if (op === 'M') cmds.push(M(...(cur = pt(0))));
    else if (op === 'L') cmds.push(L(...(cur = pt(0))));
    else if (op === 'C') {
      const [p1, p2, p3] = [pt(0), pt(2), pt(4)];
      cmds.push(C(p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]));
      cur = p3;
    } else if (op === 'Q') {
      const to = pt(2);
      cmds.push(quadTo(cur, pt(0), to));
      cur = to;
    } else if (op === 'A') cur = arcTo(cmds, cur, a(0) * sx, a(1) * sy, a(2) / 60000, a(3) / 60000);
    else if (op === 'Z') cmds.push(Z);
    i += 1 + n;
  }
  return cmds;
}

/**
 * Draws preset `name` for a shape of `w`×`h` points, with `adj(name, default)` giving the shape's own
 * adjust values (a:prstGeom/a:avLst); undefined when the table has no such preset.
 */
export function tablePreset(name: string, w: number, h: number, adj: (name: string, dflt: number) => number): PresetGeometry | undefined {
  const def = parse(name);
  if (!def) return undefined;
  const adjust = new Map(def.av.map(([n, d]) => [n, adj(n, d)] as const));
  const g = evaluateGuides([...def.av.map(([n, d]) => [n, `val ${d}`] as const), ...def.gd], w, h, adjust);
  const paths = def.paths.map((p) => drawPath(p, g, w, h));
  const [l, t, r, b] = def.rect.map((k) => g(k));
  return { paths, paints: def.paths.map((p) => p.paint), textRect: { left: l ?? 0, top: t ?? 0, right: r ?? w, bottom: b ?? h } };
}

/** True when the text warp table holds preset `name` (a:prstTxWarp/@prst). */
export function isTextWarpPreset(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PRESET_TEXT_WARPS, name);
}

/**
 * The guide paths of preset text warp `name` (a:prstTxWarp/@prst, §20.1.9.19) over a text area of
 * `w`×`h` points, with `adj` giving the warp's own adjust values (its a:avLst); undefined for a
 * preset the table does not hold (textNoShape, and the multi-line presets).
 */
export function textWarpGuides(name: string, w: number, h: number, adj: (name: string, dflt: number) => number): PathCommand[][] | undefined {
  const def = parse(name, PRESET_TEXT_WARPS, warpCache);
  if (!def) return undefined;
  const adjust = new Map(def.av.map(([n, d]) => [n, adj(n, d)] as const));
  const g = evaluateGuides([...def.av.map(([n, d]) => [n, `val ${d}`] as const), ...def.gd], w, h, adjust);
  return def.paths.map((p) => drawPath(p, g, w, h));
}
