/**
 * render/pdf: LayoutDoc → PDF bytes. Subset-embedded fonts with ToUnicode, images, links, outline.
 * Must not: lay anything out (positions come from the LayoutDoc) or use the clock.
 */
export { renderPdf, type RenderPdfOptions } from './render';
