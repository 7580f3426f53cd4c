/**
 * The playback device context: the graphics objects ([MS-WMF] 2.2.1, [MS-EMF] 2.2) a metafile
 * creates and selects, the drawing modes it sets, the coordinate spaces, and the SaveDC stack.
 */
import type { Color } from '../../model';
import { IDENTITY, type Matrix } from './geometry';

/** A logical pen ([MS-WMF] 2.2.1.4 Pen Object, [MS-EMF] 2.2.12 LogPen / 2.2.20 LogPenEx). */
export interface Pen {
  readonly kind: 'pen';
  /** PenStyle low bits: 0 solid, 1 dash, 2 dot, 3 dash-dot, 4 dash-dot-dot, 5 null, 6 inside frame. */
  readonly style: number;
  /** Width in logical units; 0 is a one-pixel (cosmetic) pen. */
  readonly width: number;
  readonly color: Color;
}

/** A logical brush ([MS-WMF] 2.2.1.1 Brush Object, [MS-EMF] 2.2.12 LogBrush). */
export interface Brush {
  readonly kind: 'brush';
  /** 'hatch' is drawn as a tint of its colour, 'pattern' as grey (counted approximations). */
  readonly style: 'solid' | 'null' | 'hatch' | 'pattern';
  readonly color: Color;
}

/** A logical font ([MS-WMF] 2.2.1.2 Font Object, [MS-EMF] 2.2.13 LogFont). */
export interface Font {
  readonly kind: 'font';
  /** lfHeight in logical units: negative = character (em) height, positive = cell height. */
  readonly height: number;
  readonly width: number;
  /** lfEscapement in tenths of a degree, counter-clockwise. */
  readonly escapement: number;
  readonly weight: number;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly strikeOut: boolean;
  readonly charSet: number;
  readonly face: string;
}

/** Objects the engine keeps only to fill the table slot (palettes, regions, colour spaces). */
export interface OtherObject {
  readonly kind: 'other';
}

/** Any graphics object. */
export type GdiObject = Pen | Brush | Font | OtherObject;

/** A rectangle in page points. */
export interface PageRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** What SaveDC saves ([MS-EMF] 3.1.1.2 playback state). */
export interface DcState {
  pen: Pen;
  brush: Brush;
  font: Font;
  textColor: Color;
  bkColor: Color;
  /** 1 transparent, 2 opaque (META_SETBKMODE, EMR_SETBKMODE). */
  bkMode: number;
  /** TextAlignmentMode flags ([MS-WMF] 2.1.2.3). */
  textAlign: number;
  /** 1 alternate (even-odd), 2 winding. */
  polyFillMode: number;
  mapMode: number;
  winOrg: { x: number; y: number };
  winExt: { x: number; y: number };
  vpOrg: { x: number; y: number };
  vpExt: { x: number; y: number };
  /** EMF world transform ([MS-EMF] 2.3.12 EMR_SETWORLDTRANSFORM). */
  world: Matrix;
  cur: { x: number; y: number };
  /** The clip rectangle in page points, when one is set. */
  clip?: PageRect;
  /** Rectangles cut out of the clip (ExcludeClipRect, RGN_DIFF), in page points; replaced, never mutated. */
  clipOut?: readonly PageRect[];
  arcClockwise: boolean;
}

/** Default pen, brush and font of a fresh DC, and the stock objects ([MS-EMF] 2.1.31 StockObject). */
export const BLACK_PEN: Pen = { kind: 'pen', style: 0, width: 0, color: '000000' };
const NULL_PEN: Pen = { kind: 'pen', style: 5, width: 0, color: '000000' };
const WHITE_BRUSH: Brush = { kind: 'brush', style: 'solid', color: 'FFFFFF' };
const NULL_BRUSH: Brush = { kind: 'brush', style: 'null', color: '000000' };
const SYSTEM_FONT: Font = { kind: 'font', height: -13, width: 0, escapement: 0, weight: 700, italic: false, underline: false, strikeOut: false, charSet: 0, face: 'Arial' };

/** The stock object with index `i` (the low bits of an index with the 0x80000000 flag). */
export function stockObject(i: number): GdiObject | undefined {
  switch (i) {
    case 0: return WHITE_BRUSH;
    case 1: return { kind: 'brush', style: 'solid', color: 'C0C0C0' };
    case 2: return { kind: 'brush', style: 'solid', color: '808080' };
    case 3: return { kind: 'brush', style: 'solid', color: '404040' };
    case 4: return { kind: 'brush', style: 'solid', color: '000000' };
    case 5: return NULL_BRUSH;
    case 6: return { kind: 'pen', style: 0, width: 0, color: 'FFFFFF' };
    case 7: return BLACK_PEN;
    case 8: return NULL_PEN;
    case 10: case 11: case 16: return { ...SYSTEM_FONT, face: 'Courier New', weight: 400 };
    case 12: case 13: case 14: case 17: return SYSTEM_FONT;
    case 18: return WHITE_BRUSH;
    case 19: return BLACK_PEN;
    default: return undefined;
  }
}

/** A fresh device context. */
export function initialState(): DcState {
  return {
    pen: BLACK_PEN,
    brush: WHITE_BRUSH,
    font: SYSTEM_FONT,
    textColor: '000000',
    bkColor: 'FFFFFF',
    bkMode: 2,
    textAlign: 0,
    polyFillMode: 1,
    mapMode: 1,
    winOrg: { x: 0, y: 0 },
    winExt: { x: 1, y: 1 },
    vpOrg: { x: 0, y: 0 },
    vpExt: { x: 1, y: 1 },
    world: IDENTITY,
    cur: { x: 0, y: 0 },
    arcClockwise: false,
  };
}

function copyState(s: DcState): DcState {
  return { ...s, winOrg: { ...s.winOrg }, winExt: { ...s.winExt }, vpOrg: { ...s.vpOrg }, vpExt: { ...s.vpExt }, cur: { ...s.cur } };
}

/** Deepest SaveDC nesting kept; deeper saves are counted and dropped. */
export const MAX_SAVE_DEPTH = 64;

/** The current state and the SaveDC stack. */
export class DcStack {
  state: DcState = initialState();
  private readonly saved: DcState[] = [];

  /** Pushes a copy of the state; false when the stack is full. */
  save(): boolean {
    if (this.saved.length >= MAX_SAVE_DEPTH) return false;
    this.saved.push(copyState(this.state));
    return true;
  }

  /**
   * Pops states: `n` < 0 is relative (−1 = the last saved), `n` > 0 an absolute depth
   * ([MS-EMF] 2.3.11 EMR_RESTOREDC). False when there is nothing to restore.
   */
  restore(n: number): boolean {
    const depth = this.saved.length;
    const target = n < 0 ? depth + n : n - 1;
    if (target < 0 || target >= depth) return false;
    const s = this.saved[target]!;
    this.saved.length = target;
    // The current position is not part of the saved state in practice (GDI keeps it).
    this.state = { ...s, cur: this.state.cur };
    return true;
  }
}

/** Most slots an object table may have. */
export const MAX_OBJECTS = 65535;

/** The object table: WMF fills the lowest free slot, EMF names its slot ([MS-WMF] 3.1.4.1). */
export class ObjectTable {
  private readonly slots: Array<GdiObject | undefined> = [];

  /** Puts an object into the lowest free slot (WMF); false when the table is full. */
  add(obj: GdiObject): boolean {
    for (let i = 0; i < this.slots.length; i++) {
      if (this.slots[i] === undefined) {
        this.slots[i] = obj;
        return true;
      }
    }
    if (this.slots.length >= MAX_OBJECTS) return false;
    this.slots.push(obj);
    return true;
  }

  /** Puts an object into slot `i` (EMF); false when `i` is out of range. */
  set(i: number, obj: GdiObject): boolean {
    if (!Number.isInteger(i) || i < 0 || i >= MAX_OBJECTS) return false;
    while (this.slots.length <= i) this.slots.push(undefined);
    this.slots[i] = obj;
    return true;
  }

  get(i: number): GdiObject | undefined {
    return this.slots[i];
  }

  delete(i: number): void {
    if (i >= 0 && i < this.slots.length) this.slots[i] = undefined;
  }
}

/** Selects an object into the state by its kind (other objects change nothing). */
export function selectInto(state: DcState, obj: GdiObject): void {
  if (obj.kind === 'pen') state.pen = obj;
  else if (obj.kind === 'brush') state.brush = obj;
  else if (obj.kind === 'font') state.font = obj;
}

/** A COLORREF ([MS-WMF] 2.2.2.8: red, green, blue, reserved bytes) as a hex colour. */
export function colorRef(v: number): Color {
  const r = v & 0xff;
  const g = (v >>> 8) & 0xff;
  const b = (v >>> 16) & 0xff;
  return hex2(r) + hex2(g) + hex2(b);
}

function hex2(n: number): string {
  return (n < 16 ? '0' : '') + n.toString(16).toUpperCase();
}
