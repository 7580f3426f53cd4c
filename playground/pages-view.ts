/**
 * Draws every page of a LayoutDoc into its own canvas with the engine's canvas renderer (the same
 * LayoutDoc the PDF is rendered from), at the screen's pixel density.
 */
import type { Diagnostic, LayoutDoc } from '../engine';
import { createCanvasCache, renderCanvas } from '../engine/render/canvas';

/** CSS pixels per point (96 dpi screens, 72 points per inch). */
const CSS_PX_PER_PT = 96 / 72;

/** What drawing the pages produced. */
export interface PagesDrawn {
  readonly pages: number;
  readonly glyphs: number;
  readonly warnings: readonly Diagnostic[];
}

/** Replaces the container's content with one canvas per page and draws them in order. */
export async function showPages(container: HTMLElement, doc: LayoutDoc, zoom = 1): Promise<PagesDrawn> {
  container.replaceChildren();
  const cache = createCanvasCache();
  const dpr = globalThis.devicePixelRatio || 1;
  const warnings: Diagnostic[] = [];
  let glyphs = 0;
  for (let i = 0; i < doc.pages.length; i++) {
    const page = doc.pages[i]!;
    const canvas = document.createElement('canvas');
    const scale = CSS_PX_PER_PT * zoom * dpr;
    canvas.width = Math.max(1, Math.round(page.widthPt * scale));
    canvas.height = Math.max(1, Math.round(page.heightPt * scale));
    canvas.style.width = `${Math.round(page.widthPt * CSS_PX_PER_PT * zoom)}px`;
    canvas.style.height = `${Math.round(page.heightPt * CSS_PX_PER_PT * zoom)}px`;
    canvas.setAttribute('aria-label', `Page ${page.label || i + 1}`);
    canvas.dataset.page = String(i + 1);
    container.append(canvas);
    const ctx = canvas.getContext('2d');
    if (!ctx) continue;
    const drawn = await renderCanvas(doc, i, ctx, { scale, cache });
    if (drawn.ok) {
      glyphs += drawn.value.glyphs;
      canvas.dataset.glyphs = String(drawn.value.glyphs);
    }
    warnings.push(...(drawn.ok ? drawn.warnings : drawn.errors));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
  return { pages: doc.pages.length, glyphs, warnings };
}
