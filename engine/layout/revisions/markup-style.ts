/**
 * How a tracked change looks in markup ("All Markup", inline): insertions underlined and deletions
 * struck through in the author's colour; moves in green with double lines (moveTo double underline,
 * moveFrom double strike-through); formatting changes keep their own look (Word's default
 * "Formatting: (none)") and are shown by the change bar only. ECMA-376 Part 1 §17.13.5.
 */
import type { Revision, RunProps } from '../../model';
import { MOVE_COLOR, revisionColor } from './colors';

/** Drawing properties of a run after review markup. */
export interface MarkupStyle {
  /** Run properties to draw with (underline / double strike set for the markup). */
  readonly props: RunProps;
  readonly color: string;
  readonly underline: boolean;
  readonly strike: boolean;
}

const styled = new WeakMap<RunProps, Map<string, RunProps>>();

/** The markup look of a run with this revision (`markup` false: the run's own look). */
export function markupStyle(revision: Revision | undefined, props: RunProps, markup: boolean): MarkupStyle {
  const own = { props, color: props.color ?? '000000', underline: props.underline !== undefined, strike: props.strike || props.doubleStrike };
  if (!revision || !markup || revision.type === 'format') return own;
  switch (revision.type) {
    case 'insert':
      return { props: variant(props, 'ins'), color: revisionColor(revision.authorIndex), underline: true, strike: own.strike };
    case 'delete':
      return { props: variant(props, 'del'), color: revisionColor(revision.authorIndex), underline: own.underline, strike: true };
    case 'moveTo':
      return { props: variant(props, 'moveTo'), color: MOVE_COLOR, underline: true, strike: own.strike };
    case 'moveFrom':
      return { props: variant(props, 'moveFrom'), color: MOVE_COLOR, underline: own.underline, strike: true };
  }
}

/** The run properties with the markup's line style, shared per (props, kind) so spans keep one object. */
function variant(props: RunProps, kind: 'ins' | 'del' | 'moveTo' | 'moveFrom'): RunProps {
  let m = styled.get(props);
  if (!m) styled.set(props, (m = new Map()));
  let v = m.get(kind);
  if (!v) {
    if (kind === 'ins') v = { ...props, underline: { style: 'single' } };
    else if (kind === 'moveTo') v = { ...props, underline: { style: 'double' } };
    else if (kind === 'del') v = { ...props, strike: true, doubleStrike: false };
    else v = { ...props, strike: true, doubleStrike: true };
    m.set(kind, v);
  }
  return v;
}

/**
 * The revision a list label shows: a paragraph whose mark was inserted or deleted (w:pPr/w:rPr/w:ins,
 * w:del, §17.13.5.16 and §17.13.5.14) gains or loses its number with it, so Word and LibreOffice mark
 * the number like the text. Formatting changes leave the label as it is.
 */
export function labelRevision(markRevision: Revision | undefined): Revision | undefined {
  return markRevision && markRevision.type !== 'format' ? markRevision : undefined;
}
