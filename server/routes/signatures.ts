/**
 * POST /v1/sign (audit-trail page + PAdES signature with the service's key, or an OOXML signature
 * with ?to=docx), POST /v1/verify (report), GET /v1/verify/key (the service's signing certificate).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as Comlink from 'comlink';
import { readAuditTrail } from '../../engine/sign';
import type { SignJob } from '../../worker/api';
import { detectFormat } from '../../worker/checks';
import { runEngine, warningList, type AppEnv, type AppState } from '../context';
import { mediaType, ownedBytes, readBase64Document, readJsonObject, readMultipart, readQuery, rejectUnknownKeys } from '../input';
import { diagnosticDetails, HttpProblem, validationProblem } from '../problem';

const MAX_METADATA_JSON = 16 * 1024;

/** Mounts sign, verify and verify/key behind `guard` (auth, rate limit; engine routes also concurrency). */
export function mountSignatureRoutes(app: Hono<AppEnv>, state: AppState, guard: MiddlewareHandler<AppEnv>, authOnly: MiddlewareHandler<AppEnv>): void {
  app.post('/v1/sign', guard, async (c) => {
    const q = readQuery(c, { to: ['pdf', 'docx'] });
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['document', 'signer', 'auditTrail', 'eventId', 'metadata', 'certificate']);
    if (body.document === undefined) throw validationProblem([{ field: 'document', issue: 'is required: { base64 }' }]);
    const doc = readBase64Document(body.document, 'document');
    const trail = readAuditTrail({ signer: body.signer, auditTrail: body.auditTrail, eventId: body.eventId });
    if (!trail.ok) throw validationProblem(diagnosticDetails(trail.errors, 'auditTrail'));
    const withPage = readCertificateOption(body.certificate);
    const metadata = readMetadata(body.metadata);
    const format = detectFormat(doc);
    if (!format) throw new HttpProblem(400, 'INVALID_FILE_FORMAT', 'The document is neither a PDF nor a DOCX.', [{ field: 'document.base64', issue: 'expected a PDF or DOCX file' }]);
    if (format === 'pdf' && q.to === 'docx') throw validationProblem([{ field: 'to', issue: 'docx output needs a DOCX input' }]);
    const signing = await state.deps.signing();
    const signer = trail.value.signer;
    const job: SignJob = {
      identity: signing.identity,
      ...(q.to === 'docx' ? { to: 'docx' as const, docxComments: `Signed by ${signer.name} <${signer.email}>` } : {}),
      pdf: { signerName: signer.name, reason: `Signed electronically by ${signer.name}`, contactInfo: signer.email },
      ...(withPage && q.to !== 'docx' ? { auditTrail: trail.value } : {}),
    };
    const bytes = ownedBytes(doc);
    const { value, warnings } = await runEngine(c, state, 'document', (api, j) => api.sign(Comlink.transfer(bytes, [bytes.buffer]), job, j));
    const notes = q.to === 'docx' && withPage ? [{ code: 'server/audit-trail-not-in-docx', message: 'A DOCX package signature carries no audit-trail page; ask for a PDF to get one.' }] : [];
    return c.json({
      document: { base64: Buffer.from(value.document.buffer, value.document.byteOffset, value.document.byteLength).toString('base64'), contentType: value.contentType },
      ...(metadata !== undefined ? { metadata } : {}),
      warnings: [...notes, ...warningList(warnings)],
    });
  });

  app.post('/v1/verify', guard, async (c) => {
    readQuery(c, {});
    const doc = mediaType(c) === 'multipart/form-data' ? await verifyInputFromMultipart(c) : await verifyInputFromJson(c);
    if (!detectFormat(doc)) throw new HttpProblem(400, 'INVALID_FILE_FORMAT', 'The document is neither a PDF nor a DOCX.', [{ field: 'document', issue: 'expected a signed PDF or DOCX file' }]);
    const signing = await state.deps.signing();
    const bytes = ownedBytes(doc);
    const { value } = await runEngine(c, state, 'document', (api, j) => api.verify(Comlink.transfer(bytes, [bytes.buffer]), { trustAnchors: signing.trustAnchors }, j));
    return c.json(value);
  });

  app.get('/v1/verify/key', authOnly, async (c) => {
    readQuery(c, {});
    const d = (await state.deps.signing()).description;
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ version: d.version, algorithm: d.algorithm, publicKey: d.publicKey, fingerprint: d.fingerprint, validFrom: d.validFrom, validTo: d.validTo, issuer: d.issuer, subject: d.subject, certificate: d.certificate });
  });
}

async function verifyInputFromJson(c: Context<AppEnv>): Promise<Uint8Array> {
  const body = await readJsonObject(c);
  rejectUnknownKeys(body, ['document']);
  if (body.document === undefined) throw validationProblem([{ field: 'document', issue: 'is required: { base64 }' }]);
  return readBase64Document(body.document, 'document');
}

async function verifyInputFromMultipart(c: Context<AppEnv>): Promise<Uint8Array> {
  const parts = await readMultipart(c, ['file']);
  const file = parts.files.get('file');
  if (!file) throw validationProblem([{ field: 'file', issue: 'is required' }]);
  return file.bytes;
}

/** `certificate: { enabled }` — whether the audit-trail page is appended (default true). */
function readCertificateOption(raw: unknown): boolean {
  if (raw === undefined) return true;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationProblem([{ field: 'certificate', issue: 'must be an object { enabled }' }]);
  rejectUnknownKeys(raw as Record<string, unknown>, ['enabled'], 'certificate.');
  const enabled = (raw as { enabled?: unknown }).enabled;
  if (enabled !== undefined && typeof enabled !== 'boolean') throw validationProblem([{ field: 'certificate.enabled', issue: 'must be true or false' }]);
  return enabled !== false;
}

/** `metadata`: a flat object of scalars, echoed in the response (the service keeps nothing). */
function readMetadata(raw: unknown): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationProblem([{ field: 'metadata', issue: 'must be an object' }]);
  const bad = Object.entries(raw).filter(([, v]) => v !== null && !['string', 'number', 'boolean'].includes(typeof v));
  if (bad.length > 0) throw validationProblem(bad.map(([k]) => ({ field: `metadata.${k}`, issue: 'must be a string, number, boolean or null' })));
  if (JSON.stringify(raw).length > MAX_METADATA_JSON) throw validationProblem([{ field: 'metadata', issue: `must be at most ${MAX_METADATA_JSON} bytes of JSON` }]);
  return raw as Record<string, unknown>;
}
