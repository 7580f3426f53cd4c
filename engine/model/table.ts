/**
 * Tables of the document content: the table (w:tbl), its properties, rows and cells. A cell holds
 * blocks (content.ts), so tables nest. Types only; styles are already resolved into each cell.
 */
import type { Border, Revision, Shading } from './props';
import type { Block } from './content';

/** A table (w:tbl, §17.4.38). Table style conditional formatting is already applied to cells. */
export interface Table {
  readonly kind: 'table';
  readonly props: TableProps;
  /** Column widths from w:tblGrid (may be placeholders; layout recomputes for autofit). */
  readonly gridPt: readonly number[];
  readonly rows: readonly TableRow[];
  readonly at?: string;
}

/** A width with its unit type (CT_TblWidth, §17.18.87). `pct` values are fractions (0.5 = 50 %). */
export type TableWidth =
  | { readonly type: 'auto' | 'nil' }
  | { readonly type: 'pt'; readonly value: number }
  | { readonly type: 'pct'; readonly value: number };

/** The four sides plus inside lines of a table's borders. */
export interface TableBorders {
  readonly top?: Border;
  readonly left?: Border;
  readonly bottom?: Border;
  readonly right?: Border;
  readonly insideH?: Border;
  readonly insideV?: Border;
}

/** Cell margins in points. */
export interface CellMargins {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** Resolved table properties (CT_TblPr, §17.4.60). */
export interface TableProps {
  readonly styleId?: string;
  readonly width: TableWidth;
  readonly layout: 'fixed' | 'autofit';
  readonly alignment: 'left' | 'center' | 'right';
  readonly indentPt: number;
  readonly cellMargins: CellMargins;
  readonly cellSpacingPt: number;
  /**
   * w:tblCellSpacing is present, even as 0: the cells are separated, each keeping its own borders
   * (the row's top and bottom borders are not shared with its neighbours').
   */
  readonly separateCells?: boolean;
  readonly borders: TableBorders;
  readonly shading?: Shading;
  readonly bidiVisual: boolean;
  /** Floating table position (w:tblpPr, §17.4.58). */
  readonly floating?: {
    readonly horizontal: { readonly relativeTo: 'page' | 'margin' | 'text'; readonly align?: string; readonly offsetPt: number };
    readonly vertical: { readonly relativeTo: 'page' | 'margin' | 'text'; readonly align?: string; readonly offsetPt: number };
    readonly distancePt: { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number };
    /** w:tblOverlap="never" (§17.4.56): the table moves clear of the floating tables before it. */
    readonly noOverlap?: true;
  };
}

/** A table row (w:tr). */
export interface TableRow {
  readonly props: {
    readonly heightPt?: number;
    readonly heightRule: 'auto' | 'atLeast' | 'exact';
    readonly cantSplit: boolean;
    /** Repeated at the top of each page (w:tblHeader). */
    readonly header: boolean;
    readonly gridBefore: number;
    readonly gridAfter: number;
    readonly widthBefore?: TableWidth;
    readonly widthAfter?: TableWidth;
    readonly cellSpacingPt?: number;
    readonly alignment?: 'left' | 'center' | 'right';
  };
  readonly cells: readonly TableCell[];
  readonly revision?: Revision;
}

/** A table cell (w:tc) with its effective borders (own, conditional and table-level inside lines). */
export interface TableCell {
  readonly props: {
    readonly width: TableWidth;
    readonly gridSpan: number;
    readonly vMerge?: 'restart' | 'continue';
    readonly borders: TableBorders;
    readonly shading?: Shading;
    readonly margins: CellMargins;
    readonly verticalAlign: 'top' | 'center' | 'bottom';
    readonly textDirection: 'lrTb' | 'tbRl' | 'btLr' | 'lrTbV' | 'tbRlV' | 'tbLrV';
    readonly noWrap: boolean;
    readonly fitText?: boolean;
  };
  readonly blocks: readonly Block[];
  /** Tracked insertion or deletion of the cell (w:cellIns / w:cellDel) or of its row (w:trPr/w:ins, w:del); markup view only. */
  readonly revision?: Revision;
}
