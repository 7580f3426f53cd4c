/**
 * pdf: low-level PDF reading and incremental writing (ISO 32000-1 §7).
 * In: PDF bytes. Out: a lazily resolved object graph, and appended revisions (incremental updates).
 * Must not: rewrite a file's existing bytes, know about signatures, layout or rendering.
 */
export * from './objects';
export { PdfParser, parseNumber, MAX_OBJECT_DEPTH } from './parser';
export type { IndirectObject, LengthResolver } from './parser';
export { decodeStreamData, inflateBounded, applyPredictor, unfilterRow } from './filters';
export { readXref, findStartXref, reconstructXref, MAX_OBJECT_NUMBER } from './xref';
export type { XrefEntry, XrefInfo, XrefSection } from './xref';
export { PdfDocument, openPdf, parseObjectStream } from './document';
export type { OpenPdfOptions } from './document';
export { ByteSink, writeObject, objectToString, formatName, formatNumber } from './serialize';
export { writeIncrementalUpdate, ObjectAllocator } from './incremental';
export type { UpdateObject, IncrementalOptions, IncrementalResult } from './incremental';
export { listPages, inheritedAttribute, pageMediaBox } from './pages';
export type { PageInfo } from './pages';
export { latin1Bytes, latin1, indexOf, lastIndexOf } from './lexer';
