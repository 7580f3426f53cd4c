/**
 * POST /v1/convert (multipart `file` → PDF bytes) and POST /v1/annotate (template + fields → DOCX or
 * PDF as base64 JSON). Documents live only in memory for the call and go to a pool worker.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as Comlink from 'comlink';
import type { ConvertOptions } from '../../engine';
import { parseFillRequest, type AnnotateOptions } from '../../engine/template';
import { runEngine, warningList, type AppEnv, type AppState } from '../context';
import {
  attachmentHeader, documentName, downloadName, mediaType, ownedBytes, readBase64Document, readJsonObject, readMultipart, readQuery, rejectUnknownKeys, requireZip,
} from '../input';
import { validationProblem, type ProblemDetail } from '../problem';

/** Mounts convert and annotate behind `guard` (auth, rate limit, concurrency). */
export function mountDocumentRoutes(app: Hono<AppEnv>, state: AppState, guard: MiddlewareHandler<AppEnv>): void {
  app.post('/v1/convert', guard, async (c) => {
    const q = readQuery(c, {
      from: ['docx'], to: ['pdf'], trackedChanges: ['markup', 'final', 'original'], comments: ['show', 'hide'], strict: ['true', 'false'],
    });
    // API.md: `POST /v1/convert?from=docx[&to=pdf]`: the input format is named, only the output defaults.
    if (!q.from) throw validationProblem([{ field: 'from', issue: 'is required: from=docx' }]);
    const parts = await readMultipart(c, ['file']);
    const file = parts.files.get('file');
    if (!file) throw validationProblem([{ field: 'file', issue: parts.texts.has('file') ? 'must be a file part, not text' : 'is required' }]);
    requireZip(file.bytes, 'file');
    const bytes = ownedBytes(file.bytes);
    const options: ConvertOptions = {
      ...(q.trackedChanges ? { trackedChanges: q.trackedChanges as ConvertOptions['trackedChanges'] } : {}),
      ...(q.comments ? { comments: q.comments as ConvertOptions['comments'] } : {}),
      ...(q.strict === 'true' ? { strict: true } : {}),
      ...(file.name ? { fileName: file.name } : {}),
    };
    const { value, warnings } = await runEngine(c, state, 'file', (api, job) => api.convert(Comlink.transfer(bytes, [bytes.buffer]), options, job));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', attachmentHeader(downloadName(file.name, '.pdf')));
    c.header('X-Colophon-Pages', String(value.pages));
    c.header('X-Colophon-Warnings', String(warnings.reduce((n, w) => n + (w.count ?? 1), 0)));
    return c.body(value.pdf as Uint8Array<ArrayBuffer>);
  });

  app.post('/v1/annotate', guard, async (c) => {
    const q = readQuery(c, { to: ['docx', 'pdf'] });
    // API.md: `POST /v1/annotate?to=docx|pdf`: the output format is part of the request, not a default.
    if (!q.to) throw validationProblem([{ field: 'to', issue: 'is required: to=docx or to=pdf' }]);
    const input = mediaType(c) === 'multipart/form-data' ? await annotateFromMultipart(c) : await annotateFromJson(c);
    requireZip(input.docx, input.field);
    const parsed = parseFillRequest({ ...(input.fields !== undefined ? { fields: input.fields } : {}), ...(input.data !== undefined ? { data: input.data } : {}) });
    if (!parsed.ok) throw validationProblem(parsed.errors.map(fieldDetail));
    const bytes = ownedBytes(input.docx);
    const options: AnnotateOptions = { ...input.options, to: q.to as 'docx' | 'pdf', ...(input.name ? { fileName: input.name } : {}) };
    const { value, warnings } = await runEngine(c, state, input.field, (api, job) => api.annotate(Comlink.transfer(bytes, [bytes.buffer]), parsed.value, options, job));
    return c.json({
      document: { base64: Buffer.from(value.document.buffer, value.document.byteOffset, value.document.byteLength).toString('base64'), contentType: value.contentType },
      report: value.report,
      warnings: warningList([...parsed.warnings, ...warnings]),
    });
  });
}

interface AnnotateInput {
  readonly docx: Uint8Array;
  readonly name?: string;
  readonly field: string;
  readonly fields?: unknown;
  readonly data?: unknown;
  readonly options: Omit<AnnotateOptions, 'to' | 'fileName'>;
}

async function annotateFromJson(c: Context<AppEnv>): Promise<AnnotateInput> {
  const body = await readJsonObject(c);
  rejectUnknownKeys(body, ['document', 'fields', 'data', 'options']);
  if (body.document === undefined) throw validationProblem([{ field: 'document', issue: 'is required: { base64 }' }]);
  const docx = readBase64Document(body.document, 'document');
  const name = documentName(body.document);
  return { docx, field: 'document', fields: body.fields, data: body.data, options: readFillOptions(body.options), ...(name ? { name } : {}) };
}

async function annotateFromMultipart(c: Context<AppEnv>): Promise<AnnotateInput> {
  const parts = await readMultipart(c, ['file', 'fields', 'data', 'options']);
  const file = parts.files.get('file');
  if (!file) throw validationProblem([{ field: 'file', issue: 'is required (the template as a file part)' }]);
  const json = (name: string): unknown => {
    const text = parts.texts.get(name);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw validationProblem([{ field: name, issue: 'is not valid JSON' }]);
    }
  };
  return { docx: file.bytes, name: file.name, field: 'file', fields: json('fields'), data: json('data'), options: readFillOptions(json('options')) };
}

/** Reads the optional `options` object: flatten, removeMissing, strict, delimiters. */
function readFillOptions(raw: unknown): Omit<AnnotateOptions, 'to' | 'fileName'> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationProblem([{ field: 'options', issue: 'must be an object' }]);
  const o = raw as Record<string, unknown>;
  rejectUnknownKeys(o, ['flatten', 'removeMissing', 'strict', 'delimiters'], 'options.');
  const details: ProblemDetail[] = [];
  for (const k of ['flatten', 'removeMissing', 'strict']) if (o[k] !== undefined && typeof o[k] !== 'boolean') details.push({ field: `options.${k}`, issue: 'must be true or false' });
  const d = o.delimiters as { start?: unknown; end?: unknown } | string | undefined;
  const delimitersOk = d === undefined || (typeof d === 'string' && d.length <= 21) || (typeof d === 'object' && d !== null && typeof d.start === 'string' && typeof d.end === 'string' && d.start.length <= 10 && d.end.length <= 10);
  if (!delimitersOk) details.push({ field: 'options.delimiters', issue: 'must be { start, end } strings (at most 10 characters) or "start end"' });
  if (details.length > 0) throw validationProblem(details);
  return o as Omit<AnnotateOptions, 'to' | 'fileName'>;
}

/** A request diagnostic as a field detail: its message starts with the field path (`fields[2].type …`). */
function fieldDetail(d: { code: string; message: string }): ProblemDetail {
  const m = /^`?(fields\[\d+\](?:\.\w+)?|fields|data)`?/.exec(d.message);
  return { field: m?.[1] ?? 'fields', issue: d.message };
}
