/**
 * Office Math as a tree (ECMA-376 Part 1 §22.1): what engine/docx/math-tree.ts reads from m:oMath and
 * engine/layout/math typesets. A row is a horizontal list of nodes; every object's arguments are rows.
 */
import type { RunProps } from './props';

/** A horizontal list of math nodes (the content of m:e, m:num, m:sub, ...). */
export type MathRow = readonly MathNode[];

/** Math run style (m:sty, §22.1.2.112): plain, bold, italic, bold italic; absent: Word's default (letters italic). */
export type MathStyle = 'p' | 'b' | 'i' | 'bi';

/** Math script (m:scr, §22.1.2.95). */
export type MathScript = 'roman' | 'script' | 'fraktur' | 'double-struck' | 'sans-serif' | 'monospace';

/** A math run (m:r, §22.1.2.87). */
export interface MathRunNode {
  readonly kind: 'run';
  readonly text: string;
  readonly sty?: MathStyle;
  readonly scr?: MathScript;
  /** m:nor: normal text (not math italic, no operator spacing). */
  readonly normal?: boolean;
  /** m:lit: literal (operators without their spacing). */
  readonly literal?: boolean;
  /** Run properties from w:rPr (colour, size, bold), when the run has any. */
  readonly props?: RunProps;
  /** m:brk (§22.1.2.15): a manual line break before the run, its m:alnAt (0: aligned with the previous line's start). */
  readonly brk?: number;
}

/** m:f (§22.1.2.36). */
export interface MathFraction {
  readonly kind: 'frac';
  readonly type: 'bar' | 'skw' | 'lin' | 'noBar';
  readonly num: MathRow;
  readonly den: MathRow;
  /** m:smallFrac (§22.1.2.98): set small, its numerator and denominator at script size even in display math. */
  readonly small?: boolean;
  /** Its numerator and denominator at the fraction's own size, as Word sets an EQ field's \\f (its text keeps its runs' size). */
  readonly textSize?: boolean;
}

/** m:sSup, m:sSub, m:sSubSup (§22.1.2.105-.107) and m:sPre (§22.1.2.99, `pre`). */
export interface MathScripts {
  readonly kind: 'scripts';
  readonly base: MathRow;
  readonly sub?: MathRow;
  readonly sup?: MathRow;
  readonly pre?: boolean;
}

/** m:rad (§22.1.2.88); `deg` absent when hidden (m:degHide) or empty. */
export interface MathRadical {
  readonly kind: 'rad';
  readonly deg?: MathRow;
  readonly body: MathRow;
}

/** m:nary (§22.1.2.70). `limLoc` absent: the document's default (m:naryLim / m:intLim). */
export interface MathNary {
  readonly kind: 'nary';
  readonly chr: string;
  readonly limLoc?: 'undOvr' | 'subSup';
  readonly sub?: MathRow;
  readonly sup?: MathRow;
  readonly body: MathRow;
  readonly grow: boolean;
  /** Limits over and under even in inline math (EQ fields' \\i without \\in). */
  readonly limitsInline?: boolean;
}

/** m:d (§22.1.2.24): delimiters around one or more arguments, separated by `sep`. Empty strings: none. */
export interface MathDelimiter {
  readonly kind: 'delim';
  readonly beg: string;
  readonly end: string;
  readonly sep: string;
  readonly grow: boolean;
  readonly items: readonly MathRow[];
}

/** m:func (§22.1.2.39): a function name (upright) applied to an argument. */
export interface MathFunction {
  readonly kind: 'func';
  readonly name: MathRow;
  readonly body: MathRow;
}

/** m:acc (§22.1.2.1): an accent character over the base. */
export interface MathAccent {
  readonly kind: 'acc';
  readonly chr: string;
  readonly body: MathRow;
}

/** m:bar (§22.1.2.7): a bar over or under the base. */
export interface MathBar {
  readonly kind: 'bar';
  readonly pos: 'top' | 'bot';
  readonly body: MathRow;
}

/** m:groupChr (§22.1.2.41): a stretched character (brace) over or under the base. */
export interface MathGroupChar {
  readonly kind: 'groupChr';
  readonly chr: string;
  readonly pos: 'top' | 'bot';
  /** m:vertJc (§22.1.2.119): which of the two is on the baseline (top: the upper one, bot: the lower one). */
  readonly vertJc: 'top' | 'bot';
  readonly body: MathRow;
}

/** m:limLow / m:limUpp (§22.1.2.54 / .56): a limit under or over the base. */
export interface MathLimit {
  readonly kind: 'limit';
  readonly pos: 'low' | 'upp';
  readonly body: MathRow;
  readonly lim: MathRow;
}

/** m:eqArr (§22.1.2.34): equations stacked one per row. */
export interface MathEqArray {
  readonly kind: 'eqArr';
  readonly rows: readonly MathRow[];
  /** m:maxDist (§22.1.2.63): the array is spread to the width of its container (page, column, cell). */
  readonly maxDist?: boolean;
  /** m:objDist (§22.1.2.76): with maxDist, the room goes between all its columns, not only between pairs. */
  readonly objDist?: boolean;
}

/** m:m (§22.1.2.60): a matrix, rows of cells. */
export interface MathMatrix {
  readonly kind: 'matrix';
  readonly rows: readonly (readonly MathRow[])[];
}

/** m:box / m:borderBox (§22.1.2.13 / .11). */
export interface MathBoxNode {
  readonly kind: 'box';
  readonly border: boolean;
  readonly body: MathRow;
  /** m:boxPr/m:brk: a manual line break before the box, as on a run. */
  readonly brk?: number;
}

/** m:phant (§22.1.2.81): content that takes room (or part of it) and may be invisible. */
export interface MathPhantom {
  readonly kind: 'phant';
  readonly show: boolean;
  readonly zeroWid: boolean;
  readonly zeroAsc: boolean;
  readonly zeroDesc: boolean;
  readonly body: MathRow;
}

/** EQ \\o (§17.16.5.20): its arguments drawn over one another, aligned left, centred or right. */
export interface MathOverstrike {
  readonly kind: 'over';
  readonly align: 'left' | 'center' | 'right';
  readonly items: readonly MathRow[];
}

/**
 * EQ fields' displacements: \\s\\up n / \\s\\do n raise or lower content by n points (its size kept), \\d\\fo n /
 * \\d\\ba n move what follows forward or back by n points, \\d\\li drawing a line along the move.
 */
export interface MathShift {
  readonly kind: 'shift';
  /** Up, in points (down when negative). */
  readonly risePt: number;
  /** Room after the body, in points (back when negative). */
  readonly advancePt: number;
  /** A line under the room moved over (\\d\\li). */
  readonly line?: boolean;
  readonly body: MathRow;
}

/** One node of a math tree. */
export type MathNode =
  | MathRunNode | MathFraction | MathScripts | MathRadical | MathNary | MathDelimiter | MathFunction | MathAccent
  | MathBar | MathGroupChar | MathLimit | MathEqArray | MathMatrix | MathBoxNode | MathPhantom | MathOverstrike | MathShift;

/** Document-wide math settings (m:mathPr in settings.xml, §22.1.2.62) that layout uses. */
export interface MathSettings {
  /** m:defJc: justification of display math; default centerGroup. */
  readonly defJc?: 'left' | 'right' | 'center' | 'centerGroup';
  /** m:naryLim: where n-ary limits go (integrals excepted); default undOvr. */
  readonly naryLim?: 'undOvr' | 'subSup';
  /** m:intLim: where integral limits go; default subSup. */
  readonly intLim?: 'undOvr' | 'subSup';
  /** m:smallFrac: fractions in script size. */
  readonly smallFrac?: boolean;
  /** How display math wider than its column breaks (m:brkBin, m:wrapIndent, m:wrapRight); absent: Word's defaults. */
  readonly wrap?: MathWrap;
}

/** Line breaking of display math; every field absent: Word's default. */
export interface MathWrap {
  /** m:brkBin (§22.1.2.13): a line breaks before a binary operator, after it, or both (repeat); default before. */
  readonly brkBin?: 'before' | 'after' | 'repeat';
  /**
   * m:brkBinSub (§22.1.2.17): with brkBin repeat, a subtraction at a break shows '−' at the end of the
   * line and at the start of the next (--, the default), '−' then '+' (-+), or '+' then '−' (+-).
   */
  readonly brkBinSub?: '--' | '-+' | '+-';
  /** m:wrapIndent (§22.1.2.122): indent of continuation lines in points; default 1440 twips (72 pt). */
  readonly indentPt?: number;
  /** m:wrapRight (§22.1.2.123): continuation lines right-aligned instead of indented. */
  readonly right?: boolean;
}
