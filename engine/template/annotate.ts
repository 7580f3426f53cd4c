/**
 * annotateDocument: the /v1/annotate operation — fill a template, then optionally convert the filled
 * DOCX to PDF with the same engine that `convert` uses.
 */
import { fail, ok, type Diagnostic, type EngineHost, type Result } from '../core';
import { convertDocxToPdf } from '../convert';
import { fillTemplate } from './fill';
import type { FillOptions, FillReport, FillRequest } from './types';

/** MIME type of a DOCX package. */
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Options of annotateDocument: the fill options plus the output format. */
export interface AnnotateOptions extends FillOptions {
  /** Output format (default `docx`). */
  readonly to?: 'docx' | 'pdf';
  /** The template's file name (for FILENAME fields in the PDF). */
  readonly fileName?: string;
}

/** The annotate response body of API.md, with bytes instead of base64. */
export interface AnnotateResult {
  readonly document: Uint8Array;
  readonly contentType: string;
  readonly report: FillReport;
}

/** Fills a template and returns a DOCX, or a PDF when `to` is `pdf`. Never throws. */
export async function annotateDocument(docx: Uint8Array, request: FillRequest, options: AnnotateOptions = {}, host: EngineHost = {}): Promise<Result<AnnotateResult>> {
  const filled = await fillTemplate(docx, request, options, host);
  if (!filled.ok) return filled;
  if ((options.to ?? 'docx') === 'docx') {
    return ok({ document: filled.value.docx, contentType: DOCX_CONTENT_TYPE, report: filled.value.report }, filled.warnings);
  }
  const converted = await convertDocxToPdf(
    filled.value.docx,
    { ...(options.fileName ? { fileName: options.fileName } : {}), ...(options.limits ? { limits: options.limits } : {}), ...(options.strict ? { strict: true } : {}) },
    host,
  );
  const warnings: Diagnostic[] = [...filled.warnings, ...converted.warnings];
  if (!converted.ok) return fail(converted.errors, warnings);
  return ok({ document: converted.value.pdf, contentType: 'application/pdf', report: filled.value.report }, warnings);
}
