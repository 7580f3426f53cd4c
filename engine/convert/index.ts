/**
 * convert: the DOCX → PDF pipeline (parseDocx → layoutPages → renderPdf) as one call. renderPdf
 * draws the pages of layoutPages one at a time, so a page's items die before the next is drawn.
 * Must not: do anything the stages don't; it only chains them and merges their diagnostics.
 */
import { fail, ok, type Diagnostic, type EngineHost, type InputLimits, type Result } from '../core';
import { parseDocx } from '../docx';
import { layoutPages } from '../layout';
import { renderPdf } from '../render/pdf';

/** Options of convertDocxToPdf (the query options of POST /v1/convert). */
export interface ConvertOptions {
  /** Show tracked changes as markup (default), accept them all, or reject them all. */
  readonly trackedChanges?: 'markup' | 'final' | 'original';
  /** Show comments in balloons, or hide them (default). */
  readonly comments?: 'show' | 'hide';
  /** The input's file name, for FILENAME fields and the PDF title fallback. */
  readonly fileName?: string;
  readonly limits?: Partial<InputLimits>;
  /** Turn warnings into errors. */
  readonly strict?: boolean;
  /** The PDF Producer entry. */
  readonly producer?: string;
}

/** A converted document. */
export interface ConvertResult {
  readonly pdf: Uint8Array;
  readonly pages: number;
}

/** Converts DOCX bytes to PDF bytes. Never throws; warnings of all stages are merged. */
export async function convertDocxToPdf(docx: Uint8Array, options: ConvertOptions, host: EngineHost): Promise<Result<ConvertResult>> {
  const warnings: Diagnostic[] = [];
  const parsed = parseDocx(
    docx,
    {
      trackedChanges: options.trackedChanges ?? 'markup',
      ...(options.fileName ? { fileName: options.fileName } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
    },
    host,
  );
  warnings.push(...parsed.warnings);
  if (!parsed.ok) return fail(parsed.errors, warnings);
  const laid = await layoutPages(
    parsed.value,
    { trackedChanges: options.trackedChanges ?? 'markup', comments: options.comments ?? 'hide', ...(options.limits ? { limits: options.limits } : {}) },
    host,
  );
  if (!laid.ok) return fail(laid.errors, [...warnings, ...laid.warnings]);
  const rendered = await renderPdf(laid.value, options.producer ? { producer: options.producer } : {}, host);
  // The layout's warnings (and an error that stopped its drawing) are known once its pages are drawn.
  const outcome = laid.value.outcome();
  warnings.push(...outcome.warnings);
  if (!outcome.ok) return fail(outcome.errors, warnings);
  warnings.push(...rendered.warnings);
  if (!rendered.ok) return fail(rendered.errors, warnings);
  if (options.strict && warnings.some((w) => w.severity === 'warning')) {
    return fail(
      warnings.filter((w) => w.severity === 'warning').map((w) => ({ ...w, severity: 'error' as const })),
      [],
    );
  }
  return ok({ pdf: rendered.value, pages: laid.value.pageCount }, warnings);
}
