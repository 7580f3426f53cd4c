/**
 * Math boxes: what math layout builds and emit draws. A box has a width, an ascent and a descent
 * around its baseline, and parts placed relative to its origin (x to the right, y up from the
 * baseline): glyph runs, filled rules and nested boxes. Nesting by reference keeps building a deep
 * equation linear (no copying of parts when a box is placed in another).
 */
import type { Face } from '../faces';

/** TeX's atom classes, which choose the spacing between neighbours. */
export type AtomClass = 'ord' | 'op' | 'bin' | 'rel' | 'open' | 'close' | 'punct' | 'inner';

/** Glyphs of one face on one baseline. */
export interface MathGlyphPart {
  readonly kind: 'glyphs';
  readonly x: number;
  readonly y: number;
  readonly face: Face;
  readonly sizePt: number;
  readonly glyphs: readonly number[];
  readonly advances: readonly number[];
  /** The characters shown (the run's own, before the math alphabet mapping), for text extraction. */
  readonly text: string;
  readonly clusters: readonly number[];
  readonly color: string;
}

/** A filled rectangle; `y` is its bottom edge. */
export interface MathRulePart {
  readonly kind: 'rule';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly color: string;
}

/** A box placed with its baseline origin at (x, y). */
export interface MathBoxPart {
  readonly kind: 'box';
  readonly x: number;
  readonly y: number;
  readonly box: MathBox;
}

/** Something drawn in a math box. */
export type MathPart = MathGlyphPart | MathRulePart | MathBoxPart;

/** A typeset piece of math. */
export interface MathBox {
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  readonly parts: readonly MathPart[];
  /** Italic correction of the last glyph (pt): superscripts move right by it. */
  readonly italicPt?: number;
  /** The class the box takes in a row; absent: ord. */
  readonly atom?: AtomClass;
  /** One character: scripts attach at the font's shifts, without the baseline drops of bigger bases. */
  readonly char?: boolean;
  /** x of the alignment marks ('&' in an equation array row), in order; a mark's own box has [0]. */
  readonly marks?: readonly number[];
  /**
   * A manual line break before this atom (m:brk, §22.1.2.15), with the operator of the (display)
   * line before that the new line aligns under (m:alnAt; 0: that line's start).
   */
  readonly brk?: number;
  /** A minus sign's plus sign, which a line broken at it may show instead (m:brkBinSub -+ and +-). */
  readonly plus?: MathBox;
  /** A row's atom classes, one per part (all boxes), after TeX's bin-to-ord rule: where a line may break. */
  readonly classes?: readonly AtomClass[];
}

/** An empty box with the given size. */
export function emptyBox(width = 0, ascent = 0, descent = 0): MathBox {
  return { width, ascent, descent, parts: [] };
}

/** A box made of parts placed in it, its extent the union of theirs (never negative). */
export function boxOf(width: number, placed: readonly { readonly x: number; readonly y: number; readonly box: MathBox }[], extra: readonly MathPart[] = [], atom?: AtomClass): MathBox {
  let ascent = 0;
  let descent = 0;
  const parts: MathPart[] = [];
  for (const p of placed) {
    ascent = Math.max(ascent, p.y + p.box.ascent);
    descent = Math.max(descent, p.box.descent - p.y);
    parts.push({ kind: 'box', x: p.x, y: p.y, box: p.box });
  }
  for (const e of extra) {
    if (e.kind === 'rule') {
      ascent = Math.max(ascent, e.y + e.h);
      descent = Math.max(descent, -e.y);
    }
    parts.push(e);
  }
  return { width: Math.max(0, width), ascent, descent, parts, ...(atom ? { atom } : {}) };
}

/** Boxes side by side on one baseline. */
export function hbox(boxes: readonly MathBox[], atom?: AtomClass): MathBox {
  let x = 0;
  const placed = boxes.map((box) => {
    const p = { x, y: 0, box };
    x += box.width;
    return p;
  });
  const last = boxes[boxes.length - 1];
  const out = boxOf(x, placed, [], atom);
  return last?.italicPt ? { ...out, italicPt: last.italicPt } : out;
}

/** A box shifted up by `dy` (down when negative). */
export function raised(box: MathBox, dy: number): MathBox {
  return dy === 0 ? box : { ...boxOf(box.width, [{ x: 0, y: dy, box }]), ...(box.atom ? { atom: box.atom } : {}) };
}

/** A box with its glyphs removed, keeping (some of) its size: m:phant. */
export function phantomOf(box: MathBox, show: boolean, zeroWid: boolean, zeroAsc: boolean, zeroDesc: boolean): MathBox {
  return {
    width: zeroWid ? 0 : box.width,
    ascent: zeroAsc ? 0 : box.ascent,
    descent: zeroDesc ? 0 : box.descent,
    parts: show ? [{ kind: 'box', x: 0, y: 0, box }] : [],
  };
}
