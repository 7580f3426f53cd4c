/**
 * A recording Canvas2D for the canvas renderer's tests: every call and property write is kept in
 * order, so a test states what was drawn; and the layout of a small document to draw. Test code only.
 */
import { parseDocx } from '../../docx';
import { layoutDocument } from '../../layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../model';
import { createNodeHost } from '../../../node/host';
import { makeDocx } from '../../../tests/helpers/make-docx';
import type { Canvas2D } from './index';

/** One recorded call: its method (or `set PROP`) and its arguments. */
export type Call = [string, ...unknown[]];

/** A Canvas2D that records every call and property write, with the current transform tracked. */
export function recorder(): Canvas2D & { calls: Call[] } {
  const calls: Call[] = [];
  const method = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
  const props: Record<string, unknown> = { fillStyle: '#000', strokeStyle: '#000', lineWidth: 1, globalAlpha: 1, lineJoin: 'miter', lineCap: 'butt', imageSmoothingQuality: 'low' };
  const target = { calls } as Record<string, unknown>;
  for (const m of ['save', 'restore', 'translate', 'scale', 'transform', 'beginPath', 'moveTo', 'lineTo', 'bezierCurveTo', 'quadraticCurveTo', 'closePath', 'rect', 'fill', 'stroke', 'clip', 'fillRect', 'drawImage', 'setLineDash']) {
    target[m] = method(m);
  }
  for (const p of Object.keys(props)) {
    Object.defineProperty(target, p, { get: () => props[p], set: (v) => { props[p] = v; calls.push([`set ${p}`, v]); } });
  }
  return target as unknown as Canvas2D & { calls: Call[] };
}

/** A Path2D stand-in that keeps its path data. */
export const fakePath = (d: string) => ({ d });

const host = createNodeHost();

/** The LayoutDoc of a document whose body is `body` (the kernel must be initialised). */
export async function layout(body: string, extra: Parameters<typeof makeDocx>[0] = {}): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx({ ...(typeof extra === 'object' ? extra : {}), body }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return laid.value;
}

/** The glyph runs among `items`, groups opened, in order. */
export function runsOf(items: readonly LayoutItem[], out: GlyphRun[] = []): GlyphRun[] {
  for (const it of items) {
    if (it.kind === 'glyphs') out.push(it);
    else if (it.kind === 'group') runsOf(it.items, out);
  }
  return out;
}
