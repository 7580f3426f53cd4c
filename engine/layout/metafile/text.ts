/**
 * Metafile text (META_TEXTOUT, META_EXTTEXTOUT, EMR_EXTTEXTOUTW/A) drawn through the engine's own
 * face resolver and shaper (the chart text machinery), so it is real, searchable PDF text: the
 * LOGFONT's face name, height, weight and italic pick the face; the character widths of the record
 * (its Dx array), when given, place the glyphs as the creator measured them.
 */
import type { Color, GlyphRun, LayoutItem } from '../../model';
import { createChartText, type ChartText } from '../chart/text';
import type { MetafileCanvas } from './canvas';
import { apply, type Matrix } from './geometry';

/** Longest string one record may draw. */
export const MAX_TEXT = 4096;

/** Options of one text record. */
export interface TextCall {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  /** Character advances in logical units (one per UTF-16 code unit), when the record has them. */
  readonly dx?: readonly number[];
  /** ETO_OPAQUE rectangle (logical l, t, r, b), filled with the background colour first. */
  readonly opaque?: readonly [number, number, number, number];
}

/** Symbol fonts whose codes the face resolver maps to Unicode (engine/text symbol-fonts). */
const MAPPED_SYMBOL_FONTS = new Set(['symbol', 'wingdings', 'wingdings2', 'wingdings3', 'webdings']);

const textCache = new WeakMap<MetafileCanvas, Map<string, ChartText>>();

function textFor(cv: MetafileCanvas, family: string): ChartText | undefined {
  const faces = cv.env.faces;
  if (!faces) return undefined;
  let map = textCache.get(cv);
  if (!map) textCache.set(cv, (map = new Map()));
  let t = map.get(family);
  if (!t) map.set(family, (t = createChartText(faces, family, cv.env.sink)));
  return t;
}

/** Draws one text record at the DC's font, colours and alignment. */
export function drawText(cv: MetafileCanvas, call: TextCall): void {
  const s = cv.state;
  const m = cv.matrix();
  if (call.opaque) {
    const [l, t, r, b] = call.opaque;
    cv.fillRect(Math.min(l, r), Math.min(t, b), Math.max(l, r), Math.max(t, b), s.bkColor);
  }
  const raw = call.text.length > MAX_TEXT ? call.text.slice(0, MAX_TEXT) : call.text;
  if (raw.length === 0) return;
  cv.budget(raw.length);
  const font = s.font;
  if (font.charSet === 2 && !MAPPED_SYMBOL_FONTS.has(font.face.toLowerCase().replace(/\s+/g, ''))) {
    // A symbol font without a Unicode table (Marlett's check boxes, MT Extra): its codes are not letters.
    cv.note(`text in symbol font ${font.face || '(unnamed)'}`);
    return;
  }
  const text = textFor(cv, font.face || 'Arial');
  if (!text) {
    cv.note('text without fonts');
    return;
  }
  const sx = Math.hypot(m[0], m[1]);
  const sy = Math.hypot(m[2], m[3]);
  const style = { sizePt: 12, bold: font.weight >= 600, italic: font.italic, color: s.textColor };
  let shaped = text.shape(raw, style);
  const cell = shaped.ascent + shaped.descent;
  // lfHeight < 0 is the em height; > 0 the cell height (ascent + descent), [MS-WMF] 2.2.1.2.
  const sizePt = font.height === 0 ? 12 : font.height < 0 ? -font.height * sy : cell > 0 ? (font.height * sy * 12) / cell : font.height * sy;
  if (!(sizePt > 0.1) || sizePt > 2000) {
    cv.note('text of unusable size');
    return;
  }
  shaped = text.shape(raw, { ...style, sizePt });
  const stretch = font.width === 0 && sy > 0 && Math.abs(sx / sy - 1) > 0.01 ? sx / sy : 1;
  const runs = shaped.place(0, 0).filter((i): i is GlyphRun => i.kind === 'glyphs');
  const advances = call.dx && shaped.text.length === raw.length ? dxAdvances(runs, call.dx, sx) : undefined;
  let width = 0;
  const placed: GlyphRun[] = [];
  let pen = 0;
  runs.forEach((run, i) => {
    const adv = advances?.[i] ?? run.advances.map((a) => a * stretch);
    let w = 0;
    for (const a of adv) w += a;
    placed.push({ ...run, x: pen, advances: adv, ...(stretch !== 1 ? { scalePct: Math.max(10, Math.min(1000, stretch * (run.scalePct ?? 100))) } : {}) });
    pen += w;
    width += w;
  });
  const align = s.textAlign;
  const updateCp = (align & 1) !== 0;
  const h = align & 6;
  const v = align & 24;
  const ox = h === 6 ? -width / 2 : h === 2 ? -width : 0;
  const oy = v === 24 ? 0 : v === 8 ? -shaped.descent : shaped.ascent;
  const refX = updateCp ? s.cur.x : call.x;
  const refY = updateCp ? s.cur.y : call.y;
  const p = apply(m, refX, refY);
  const local: LayoutItem[] = [];
  if (s.bkMode === 2 && !call.opaque) local.push({ kind: 'rect', x: ox, y: oy - shaped.ascent, w: width, h: shaped.ascent + shaped.descent, fill: s.bkColor });
  for (const r of placed) local.push({ ...r, x: r.x + ox, y: oy });
  decorations(local, font, ox, oy, width, sizePt, s.textColor);
  if (updateCp && sx > 0) s.cur = { x: s.cur.x + (h === 2 ? -width : width) / sx * Math.sign(m[0] || 1), y: s.cur.y };
  // A rotating transform (EMF world transform, EMF+ RotateWorldTransform) turns the text with it; a
  // mirroring one does not (GDI keeps text readable), so only a real rotation counts.
  const turn = Math.abs(m[1]) > 1e-6 ? (-Math.atan2(m[1], m[0]) * 1800) / Math.PI : 0;
  place(cv, local, p, font.escapement + turn);
}

/** Per run, the glyph advances in points from the record's Dx array (clusters sum their characters). */
function dxAdvances(runs: readonly GlyphRun[], dx: readonly number[], sx: number): number[][] {
  const out: number[][] = [];
  let offset = 0;
  for (const run of runs) {
    const adv: number[] = [];
    for (let g = 0; g < run.glyphs.length; g++) {
      const from = run.clusters[g]!;
      let to = run.text.length;
      for (let k = 0; k < run.clusters.length; k++) if (run.clusters[k]! > from && run.clusters[k]! < to) to = run.clusters[k]!;
      // Only the first glyph of a cluster carries its characters' advance.
      const first = run.clusters.indexOf(from) === g;
      let a = 0;
      if (first) for (let c = from; c < to; c++) a += (dx[offset + c] ?? 0) * sx;
      adv.push(a);
    }
    out.push(adv);
    offset += run.text.length;
  }
  return out;
}

function decorations(out: LayoutItem[], font: { underline: boolean; strikeOut: boolean }, x: number, y: number, w: number, sizePt: number, color: Color): void {
  const width = Math.max(0.25, sizePt * 0.05);
  if (font.underline) out.push({ kind: 'line', x1: x, y1: y + sizePt * 0.1, x2: x + w, y2: y + sizePt * 0.1, width, color });
  if (font.strikeOut) out.push({ kind: 'line', x1: x, y1: y - sizePt * 0.28, x2: x + w, y2: y - sizePt * 0.28, width, color });
}

/** Moves items laid out about (0, 0) to the reference point, turned by the escapement. */
function place(cv: MetafileCanvas, local: LayoutItem[], p: { x: number; y: number }, escapement: number): void {
  if (escapement % 3600 === 0) {
    for (const it of local) cv.emit(shift(it, p.x, p.y));
    return;
  }
  // lfEscapement turns counter-clockwise on the page; in y-down coordinates that is [cos −sin; sin cos].
  const rad = (escapement / 10) * (Math.PI / 180);
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const t: Matrix = [cos, -sin, sin, cos, p.x, p.y];
  cv.emit({ kind: 'group', transform: [...t], items: local });
}

function shift(it: LayoutItem, dx: number, dy: number): LayoutItem {
  if (it.kind === 'glyphs' || it.kind === 'rect') return { ...it, x: it.x + dx, y: it.y + dy };
  if (it.kind === 'line') return { ...it, x1: it.x1 + dx, y1: it.y1 + dy, x2: it.x2 + dx, y2: it.y2 + dy };
  return it;
}

const CHARSETS: Record<number, string> = {
  77: 'macintosh', 128: 'shift_jis', 129: 'euc-kr', 130: 'euc-kr', 134: 'gbk', 136: 'big5', 161: 'windows-1253', 162: 'windows-1254',
  163: 'windows-1258', 177: 'windows-1255', 178: 'windows-1256', 186: 'windows-1257', 204: 'windows-1251', 222: 'windows-874', 238: 'windows-1250',
};

/**
 * Decodes 8-bit record text by the font's character set ([MS-WMF] 2.1.1.5 CharacterSet); a symbol
 * font keeps its byte codes (the face resolver maps Symbol and Wingdings codes to Unicode).
 */
export function decodeAnsi(bytes: Uint8Array, charSet: number): string {
  if (charSet === 2) {
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return s;
  }
  try {
    return new TextDecoder(CHARSETS[charSet] ?? 'windows-1252').decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
