/**
 * The accepted (`final`) and rejected (`original`) views of tracked property and cell changes, made
 * once on the XML tree before it is read (ECMA-376 Part 1 §17.13.5):
 * - property changes (w:tblPrChange, w:trPrChange, w:tcPrChange, w:sectPrChange, w:tblPrExChange,
 *   w:tblGridChange): `final` keeps the current properties, `original` puts back the ones recorded in the
 *   change; the tracked elements the old properties cannot hold (w:ins/w:del of a row, w:cellIns/w:cellDel,
 *   header and footer references of a section) stay;
 * - cell insertions and deletions (w:tcPr/w:cellIns, w:cellDel): a deleted cell is gone in `final`, an
 *   inserted one in `original`.
 * Paragraph and run property changes (w:pPrChange, w:rPrChange) are read where the properties are.
 * Unchanged subtrees are shared, not copied.
 */
import type { Revision } from '../model';
import type { XmlElement, XmlNode } from '../xml';
import { child } from '../xml';
import { revisionOf, type DocxContext, type TrackedChangesView } from './context';

/** Property elements whose tracked change holds the previous properties under the same name. */
const PROPERTY_CHANGES: ReadonlyMap<string, string> = new Map([
  ['w:tblPrChange', 'w:tblPr'], ['w:trPrChange', 'w:trPr'], ['w:tcPrChange', 'w:tcPr'], ['w:sectPrChange', 'w:sectPr'],
  ['w:tblPrExChange', 'w:tblPrEx'], ['w:tblGridChange', 'w:tblGrid'],
]);
const CHANGE_OF: ReadonlyMap<string, string> = new Map([...PROPERTY_CHANGES].map(([change, prop]) => [prop, change]));

/** Children the previous properties cannot hold, kept from the current ones in the `original` view. */
const KEPT = new Set(['w:ins', 'w:del', 'w:cellIns', 'w:cellDel', 'w:cellMerge', 'w:headerReference', 'w:footerReference', 'w:sectPr', 'w:rPr']);

const MAX_DEPTH = 256;

/** The tree as the view shows it (the same object when nothing changes, and always in `markup`). */
export function applyRevisionView(el: XmlElement, view: TrackedChangesView): XmlElement {
  if (view === 'markup') return el;
  return rewrite(el, view, 0);
}

function rewrite(el: XmlElement, view: 'final' | 'original', depth: number): XmlElement {
  if (depth > MAX_DEPTH) return el;
  let children: XmlNode[] | undefined;
  for (let i = 0; i < el.children.length; i++) {
    const c = el.children[i]!;
    let next: XmlNode | undefined = c;
    if (c.kind === 'element') {
      if (PROPERTY_CHANGES.has(c.name)) next = undefined;
      else if (c.name === 'w:tc' && isDroppedCell(c, view)) next = undefined;
      else {
        const own = view === 'original' && CHANGE_OF.has(c.name) ? previousProperties(c) : c;
        next = hasWork(own) ? rewrite(own, view, depth + 1) : own;
      }
    }
    if (next !== c && !children) children = el.children.slice(0, i);
    if (children && next) children.push(next);
  }
  return children ? { kind: 'element', name: el.name, attrs: el.attrs, children } : el;
}

/** Whether anything below may change (elements with element children). */
function hasWork(el: XmlElement): boolean {
  for (const c of el.children) if (c.kind === 'element') return true;
  return false;
}

/** The properties recorded in the element's change (w:tblPrChange/w:tblPr...), with the children they cannot hold. */
function previousProperties(props: XmlElement): XmlElement {
  const change = child(props, CHANGE_OF.get(props.name)!);
  const old = change ? child(change, props.name) : undefined;
  if (!old) return props;
  const names = new Set(old.children.filter((c): c is XmlElement => c.kind === 'element').map((c) => c.name));
  const kept = props.children.filter((c) => c.kind === 'element' && KEPT.has(c.name) && !names.has(c.name));
  return { kind: 'element', name: props.name, attrs: props.attrs, children: [...old.children, ...kept] };
}

function isDroppedCell(tc: XmlElement, view: 'final' | 'original'): boolean {
  const tcPr = child(tc, 'w:tcPr');
  if (!tcPr) return false;
  return child(tcPr, view === 'final' ? 'w:cellDel' : 'w:cellIns') !== undefined;
}

/** The markup revision of a cell (w:tcPr/w:cellIns or w:cellDel, §17.13.5.1–2); undefined in other views. */
export function cellRevision(ctx: DocxContext, tc: XmlElement): Revision | undefined {
  if (ctx.view !== 'markup') return undefined;
  const tcPr = child(tc, 'w:tcPr');
  const ins = child(tcPr, 'w:cellIns');
  if (ins) return revisionOf(ctx, 'insert', ins);
  const del = child(tcPr, 'w:cellDel');
  return del ? revisionOf(ctx, 'delete', del) : undefined;
}
