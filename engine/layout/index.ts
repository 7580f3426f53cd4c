/**
 * layout: DocModel → LayoutDoc. Itemize, shape and break paragraphs into lines (the line breaker is
 * the WASM kernel), fill pages and columns with units under keep/widow rules, lay out tables,
 * headers, footers and notes, and emit absolutely positioned items.
 * Must not: read input bytes, touch the clock, or draw anything itself (renderers walk the LayoutDoc).
 */
export { layoutDocument, layoutPages, type LayoutOptions, type LayoutStream } from './document';
export { dumpLayout } from './dump';
export { findBreakOpportunities, initKernel, kernelInfo, releaseKernelMemory, BreakAction } from './kernel';
