/**
 * Colophon engine: DOCX → PDF layout and rendering, templating, signing and verification.
 * Runs unchanged in a browser worker and in Node; everything from outside comes through EngineHost.
 */
export * from './core';
export type * from './model';
export { parseDocx, type ParseDocxOptions } from './docx';
export { layoutDocument, layoutPages, dumpLayout, type LayoutOptions, type LayoutStream } from './layout';
export { renderPdf, type RenderPdfOptions } from './render/pdf';
export { convertDocxToPdf, type ConvertOptions, type ConvertResult } from './convert';
export { fillTemplate, listFields as listTemplateFields, annotateDocument, parseFillRequest } from './template';
export { signPdf, prepareSignature, completeSignature, signDocx, readAuditTrail } from './sign';
export type { SignPdfOptions, PadesLevel, PrepareOptions, PreparedSignature } from './sign';
export { verifyPdf, verifyDocx } from './verify';
