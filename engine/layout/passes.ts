/**
 * Layout passes to a fixed point. Fields whose value depends on the finished layout (NUMPAGES,
 * SECTIONPAGES, PAGEREF, STYLEREF) read the previous pass's state, and floats placed above their own
 * paragraph are those the pass before found (flow/early-floats.ts): runPasses lays out again while
 * the body used such a value and it changed, or the early floats moved, at most MAX_PASSES times
 * (then it keeps the last pass and warns `layout/fields-unstable` or `layout/floats-unstable`),
 * unless every such value the pass printed prints the same under the new state (pass-state.ts PrintedFields).
 */
import type { EngineHost, InputLimits } from '../core';
import type { DocumentEnv } from './context';
import { pushedBlocks, sameEarlyFloats, samePushedBlocks, withoutPushed } from './flow/early-floats';
import type { BookmarkPlace } from './fields';
import type { NoteNumbers } from './notes';
import { runPass } from './pass';
import type { PassResult, PassState } from './pass-state';
import { indexCrossReferences, type XrefIndex } from './xref-index';

/** Layout passes run before the result is kept even if page references still change. */
export const MAX_PASSES = 3;

/**
 * Runs passes until the layout-dependent values the body printed are stable (or MAX_PASSES ran),
 * and returns the last pass with the state its headers and footers are drawn with.
 */
export function runPasses(env: DocumentEnv, notes: NoteNumbers, host: EngineHost, limits: InputLimits): { result: PassResult; state: PassState } {
  const xref = indexCrossReferences(env.doc.sections);
  let state: PassState = {};
  let result: PassResult | undefined = runPass(env, state, notes, host, limits, xref);
  let next = stateOf(result, xref, state);
  let pass = 1;
  for (;;) {
    // Every value that depends on the pass state prints the same under the new state: laying out
    // again would give the same pages, so this pass is kept (with the state it leads to).
    const fieldsSettled = !result.bodyUsesTotals || sameState(state, next) || result.printsSameUnder(next);
    // The floats above their paragraphs are those the pass started its pages with (early-floats.ts).
    const floatsSettled = sameEarlyFloats(state.earlyFloats, next.earlyFloats) && samePushedBlocks(state.pushedBlocks, next.pushedBlocks);
    if (fieldsSettled && floatsSettled) break;
    if (pass >= MAX_PASSES) {
      if (!fieldsSettled) {
        env.bag.warn('layout/fields-unstable', `Page numbers printed by fields still changed after ${MAX_PASSES} layout passes; the last layout is kept.`, {
          hint: 'A PAGEREF, NUMPAGES or STYLEREF result changes the layout it measures (e.g. a page number that moves its own target).',
        });
      } else {
        env.bag.warn('layout/floats-unstable', `Floats placed above their own paragraphs still moved after ${MAX_PASSES} layout passes; the last layout is kept.`, {
          hint: 'Text wrapping around a float moves the paragraph that places it (e.g. a picture with a large negative offset from its paragraph).',
        });
      }
      break;
    }
    state = next;
    // Let the previous pass's pages go before the next pass lays out its own: the two would be
    // alive together at the next pass's end.
    result = undefined;
    result = runPass(env, state, notes, host, limits, xref);
    next = stateOf(result, xref, state);
    pass++;
  }
  if (result.clippedRows > 0) {
    // w:trPr/w:cantSplit (§17.4.6), w:trHeight hRule exact (§17.4.80): such a row does not break
    // across pages, so one taller than its page's body is cut at the foot, as Word cuts it.
    env.bag.warn('layout/row-clipped', `${result.clippedRows} table row${result.clippedRows === 1 ? ' is' : 's are'} taller than the page and cannot break across pages (w:cantSplit, an exact row height or turned text); what lies below the page's foot is not shown.`, {
      hint: "Allow the row to break across pages (clear w:cantSplit), or give it an at-least height.",
    });
  }
  if (result.overflowUnits > 0) {
    // Content no column could hold less of (a line or picture taller than the page, a row under
    // repeated header rows that leave it no room) is drawn past the body's foot, not dropped.
    env.bag.warn('layout/overflow', `${result.overflowUnits} line${result.overflowUnits === 1 ? ', row or object is' : 's, rows or objects are'} taller than the room a page has for ${result.overflowUnits === 1 ? 'it' : 'them'} and drawn past the foot of the page's text area; what lies past the page's edge is not shown.`, {
      hint: 'Make the content smaller than the page, or the repeated header rows (w:tblHeader) shorter than the page.',
    });
  }
  return { result, state: next };
}

/**
 * What a finished pass tells the next: page totals, bookmark pages and paragraphs per page, and the
 * floats above their paragraphs with the blocks they pushed on (from `started`, the state it began with).
 */
export function stateOf(result: PassResult, xref: XrefIndex, started: PassState): PassState {
  const sectionPages: number[] = [];
  for (const info of result.info) sectionPages[info.section] = (sectionPages[info.section] ?? 0) + 1;
  const blockPage = result.blockPages;
  const bookmarkPages: Record<string, BookmarkPlace> = {};
  for (const [key, bm] of xref.bookmarks()) {
    const para = xref.paragraphs[bm.paragraph];
    const index = para ? blockPage[para.block] : undefined;
    const info = index === undefined ? undefined : result.info[index];
    if (info) bookmarkPages[key] = { index: index!, label: info.label };
  }
  const pageParagraphs: Array<[number, number]> = result.pages.map(() => [0, 0]);
  let p = 0;
  for (let page = 0; page < pageParagraphs.length; page++) {
    const first = p;
    while (p < xref.paragraphs.length && (blockPage[xref.paragraphs[p]!.block] ?? Infinity) <= page) p++;
    pageParagraphs[page] = [first, p];
  }
  const pushed = pushedBlocks(started.earlyFloats, result.blockPages, started.pushedBlocks);
  const earlyFloats = withoutPushed(result.earlyFloats, pushed);
  return { numPages: result.pages.length, sectionPages, bookmarkPages, pageParagraphs, ...(earlyFloats ? { earlyFloats } : {}), ...(pushed ? { pushedBlocks: pushed } : {}) };
}

function sameState(a: PassState, b: PassState): boolean {
  return (
    a.numPages === b.numPages &&
    JSON.stringify(a.sectionPages) === JSON.stringify(b.sectionPages) &&
    JSON.stringify(a.bookmarkPages) === JSON.stringify(b.bookmarkPages) &&
    JSON.stringify(a.pageParagraphs) === JSON.stringify(b.pageParagraphs)
  );
}
