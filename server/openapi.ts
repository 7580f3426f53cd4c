/**
 * The OpenAPI 3.1 document served at /v1/openapi.json. It records the decisions API.md leaves open
 * (which of API.md's error codes each status carries, the annotate `data`/`options` extension, metadata echo, usage parameters and
 * its operator-only access).
 * A test walks it against the app's routes and query rules.
 */
import type { ServerConfig } from './config';
import { PROBLEM_CODES } from './problem';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const problem = (description: string): Json => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const json = (schema: Json, description: string): Json => ({ description, content: { 'application/json': { schema } } });
const retryHeaders = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' } };
const rateHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' } },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the window resets.' },
  'RateLimit-Policy': { schema: { type: 'string' } },
};
const query = (name: string, schema: Json, description: string, required = false): Json => ({ name, in: 'query', required, schema, description });
const base64Doc = { type: 'object', required: ['base64'], additionalProperties: false, properties: { base64: { type: 'string', contentEncoding: 'base64' }, name: { type: 'string', description: 'File name (optional).' } } };

function errors(...statuses: number[]): Json {
  const text: Record<number, string> = {
    400: 'VALIDATION_ERROR (details name each field) or INVALID_FILE_FORMAT.',
    401: 'AUTHENTICATION_ERROR: missing or unknown API key.',
    403: 'AUTHENTICATION_ERROR: a valid API key that is not an operator key (one verified for an address in the server\'s COLOPHON_OPERATOR_EMAILS); WWW-Authenticate: Bearer error="insufficient_scope". No data is returned.',
    413: 'PAYLOAD_TOO_LARGE: the body exceeds the limit.',
    415: 'VALIDATION_ERROR: the body is not of a media type the route reads; Accept-Post lists those it does.',
    422: 'UNPROCESSABLE_DOCUMENT: the engine could not process the document (details carry its diagnostics).',
    429: 'RATE_LIMIT_ERROR: too many requests (or too many in flight) for this key; see Retry-After.',
    500: 'INTERNAL_ERROR: the engine failed, crashed or exceeded the per-job memory limit; its worker was replaced.',
    503: 'RATE_LIMIT_ERROR: all engine workers busy and the queue full (the service\'s capacity, not the key\'s); TIMEOUT: no worker became free within the per-job time limit (the job did not run); INTERNAL_ERROR: the service is shutting down, or (register) the e-mail could not be sent. See Retry-After.',
    504: 'TIMEOUT: the job exceeded the per-job time limit.',
  };
  const out: Json = {};
  for (const s of statuses) {
    const r = problem(text[s]!);
    if (s === 503) r.headers = retryHeaders;
    if (s === 429) r.headers = { ...retryHeaders, ...rateHeaders };
    if (s === 403) r.headers = { 'WWW-Authenticate': { schema: { type: 'string' }, description: 'Bearer error="insufficient_scope"' } };
    if (s === 415) r.headers = { 'Accept-Post': { schema: { type: 'string' }, description: 'The media types the route reads.' } };
    out[String(s)] = r;
  }
  return out;
}

const ENGINE_ERRORS = [400, 401, 413, 415, 422, 429, 500, 503, 504];

function paths(): Json {
  const secured = [{ bearerAuth: [] }];
  return {
    '/v1/health': { get: { operationId: 'health', summary: 'Service health', security: [], responses: { '200': json(ref('Health'), 'Healthy.'), '503': json(ref('Health'), 'Degraded: a check failed, or no engine worker is ready yet (the first seconds after start); usable as a readiness probe.') } } },
    '/v1/auth/register': {
      get: {
        operationId: 'register', summary: 'Send a 6-digit verification code to an address (valid 15 min)', security: [],
        parameters: [query('email', { type: 'string', format: 'email' }, 'Where to send the code.', true)],
        responses: { '200': json({ type: 'string', const: 'Check your email for verification code.' }, 'Code sent.'), ...errors(400, 429, 503) },
      },
    },
    '/v1/auth/verify': {
      get: {
        operationId: 'verify-code', summary: 'Exchange the code for an API key (shown once)', security: [],
        parameters: [query('email', { type: 'string', format: 'email' }, 'The address the code was sent to.', true), query('code', { type: 'string', pattern: '^\\d{6}$' }, 'The code.', true)],
        responses: { '200': json({ type: 'string', description: 'The API key; only its hash is stored.' }, 'The new key.'), ...errors(400) },
      },
    },
    '/v1/convert': {
      post: {
        operationId: 'convert', summary: 'Convert a DOCX to PDF', security: secured,
        parameters: [
          query('from', { type: 'string', enum: ['docx'] }, 'Input format (required).', true),
          query('to', { type: 'string', enum: ['pdf'], default: 'pdf' }, 'Output format.'),
          query('trackedChanges', { type: 'string', enum: ['markup', 'final', 'original'], default: 'markup' }, 'Tracked changes view.'),
          query('comments', { type: 'string', enum: ['show', 'hide'], default: 'hide' }, 'Comments in balloons or hidden.'),
          query('strict', { type: 'string', enum: ['true', 'false'], default: 'false' }, 'Fail on any engine warning.'),
        ],
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], additionalProperties: false, properties: { file: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } } } } } },
        responses: {
          '200': { description: 'The PDF.', headers: { 'Content-Disposition': { schema: { type: 'string' } }, 'X-Colophon-Pages': { schema: { type: 'integer' } }, 'X-Colophon-Warnings': { schema: { type: 'integer' } }, ...rateHeaders }, content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } },
          ...errors(...ENGINE_ERRORS),
        },
      },
    },
    '/v1/annotate': {
      post: {
        operationId: 'annotate', summary: 'Fill a DOCX template; DOCX or PDF out', security: secured,
        parameters: [query('to', { type: 'string', enum: ['docx', 'pdf'] }, 'Output format (required).', true)],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: ref('AnnotateRequest') },
            'multipart/form-data': { schema: { type: 'object', required: ['file'], additionalProperties: false, properties: { file: { type: 'string' }, fields: { type: 'string', description: 'JSON list of fields.' }, data: { type: 'string', description: 'JSON object.' }, options: { type: 'string', description: 'JSON object.' } } } },
          },
        },
        responses: { '200': json(ref('AnnotateResponse'), 'The filled document.'), ...errors(...ENGINE_ERRORS) },
      },
    },
    '/v1/sign': {
      post: {
        operationId: 'sign', summary: 'Append an audit-trail page and sign with the service key (PAdES B-B)', security: secured,
        parameters: [query('to', { type: 'string', enum: ['pdf', 'docx'], default: 'pdf' }, 'docx: sign a DOCX input as a DOCX (OOXML package signature, no audit-trail page).')],
        requestBody: { required: true, content: { 'application/json': { schema: ref('SignRequest') } } },
        responses: { '200': json(ref('SignResponse'), 'The signed document.'), ...errors(...ENGINE_ERRORS) },
      },
    },
    '/v1/verify': {
      post: {
        operationId: 'verify', summary: "Verify a signed PDF or DOCX (the service's own CA is trusted)", security: secured,
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['document'], additionalProperties: false, properties: { document: base64Doc } } }, 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } } } } },
        responses: { '200': json(ref('VerificationReport'), 'The report (a tampered file is a report with valid: false).'), ...errors(...ENGINE_ERRORS) },
      },
    },
    '/v1/verify/key': { get: { operationId: 'verify-key', summary: "The service's signing certificate", security: secured, responses: { '200': json(ref('SigningKey'), 'The key.'), ...errors(401, 429) } } },
    '/v1/collect': {
      post: {
        operationId: 'collect', summary: 'Telemetry ingest (document opens), stored per licence key', security: [],
        parameters: [{ name: 'X-License-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 200 } }],
        requestBody: { required: true, content: { 'application/json': { schema: ref('Telemetry') } } },
        responses: { '202': { description: 'Stored; no body.' }, ...errors(400, 413, 415, 429) },
      },
    },
    '/v1/usage': {
      get: {
        operationId: 'usage', summary: 'Distinct documents and opens per licence key per day (operator keys only)', security: secured,
        description: 'Billing data of the operator about every licence key: only keys verified for an address in the server\'s COLOPHON_OPERATOR_EMAILS may read it (none by default); any other valid key gets 403 AUTHENTICATION_ERROR before a parameter is read.',
        parameters: [
          query('from', { type: 'string', format: 'date' }, 'First day (UTC); default 29 days before `to`.'),
          query('to', { type: 'string', format: 'date' }, 'Last day (UTC); default today.'),
          query('licenseKey', { type: 'string' }, 'Only this licence key.'),
        ],
        responses: { '200': json(ref('Usage'), 'Usage rows.'), ...errors(400, 401, 403, 429) },
      },
    },
    '/v1/openapi.json': { get: { operationId: 'openapi', summary: 'This document', security: [], responses: { '200': json({ type: 'object' }, 'OpenAPI 3.1.') } } },
  };
}

function schemas(): Json {
  const obj = (required: string[], properties: Json, extra: Json = {}): Json => ({ type: 'object', required, properties, ...extra });
  return {
    Problem: obj(['type', 'title', 'status', 'detail', 'code', 'error', 'message', 'requestId'], {
      type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' },
      code: { type: 'string', enum: [...PROBLEM_CODES] },
      error: { type: 'string', description: 'HTTP reason phrase.' }, message: { type: 'string' }, requestId: { type: 'string' },
      details: { type: 'array', items: obj(['field', 'issue'], { field: { type: 'string' }, issue: { type: 'string' } }) },
    }),
    Health: obj(['status', 'timestamp', 'version', 'uptimeS', 'checks'], {
      status: { type: 'string', enum: ['healthy', 'degraded'] }, timestamp: { type: 'string', format: 'date-time' }, version: { type: 'string' }, uptimeS: { type: 'integer' },
      checks: obj(['engine', 'database'], { engine: { type: 'string', enum: ['healthy', 'unhealthy'] }, database: { type: 'string', enum: ['healthy', 'unhealthy'] } }),
    }),
    Field: obj(['type', 'value'], {
      id: { type: 'string' }, group: { type: 'string' }, type: { type: 'string', enum: ['text', 'image', 'signature', 'table', 'checkbox', 'date', 'dropdown'] }, value: {},
      options: { type: 'object', properties: { keepTextNodeStyles: { type: 'boolean' }, dimensions: obj(['width', 'height'], { width: { type: 'number' }, height: { type: 'number' } }), topLabel: { type: 'object' }, bottomLabel: { type: 'object' }, copyRowStyle: { type: 'boolean' } } },
    }, { description: 'Exactly one of id and group.' }),
    AnnotateRequest: obj(['document'], {
      document: base64Doc, fields: { type: 'array', items: ref('Field') }, data: { type: 'object', description: 'Extension: nested data for placeholders, loops and conditions.' },
      options: { type: 'object', additionalProperties: false, properties: { flatten: { type: 'boolean' }, removeMissing: { type: 'boolean' }, strict: { type: 'boolean' }, delimiters: {} } },
    }, { additionalProperties: false }),
    AnnotateResponse: obj(['document', 'report'], {
      document: obj(['base64', 'contentType'], { base64: { type: 'string' }, contentType: { type: 'string' } }),
      report: obj(['filled', 'missing', 'unknown'], { filled: { type: 'array', items: { type: 'string' } }, missing: { type: 'array', items: { type: 'string' } }, unknown: { type: 'array', items: { type: 'string' } } }),
      warnings: ref('Warnings'),
    }),
    Warnings: { type: 'array', items: obj(['code', 'message'], { code: { type: 'string' }, message: { type: 'string' }, count: { type: 'integer' } }) },
    SignRequest: obj(['document', 'signer', 'auditTrail'], {
      document: base64Doc,
      signer: obj(['name', 'email'], { name: { type: 'string' }, email: { type: 'string' }, ip: { type: 'string' }, userAgent: { type: 'string' } }),
      auditTrail: { type: 'array', description: 'At least one submit event.', items: obj(['type', 'timestamp'], { type: { type: 'string', enum: ['ready', 'scroll', 'field_change', 'submit'] }, timestamp: { type: 'string', format: 'date-time' }, data: { type: 'object' } }) },
      eventId: { type: 'string' },
      metadata: { type: 'object', description: 'Scalars only; echoed in the response (the service stores nothing).' },
      certificate: obj([], { enabled: { type: 'boolean', default: true, description: 'Append the audit-trail page (PDF output).' } }, { additionalProperties: false }),
    }, { additionalProperties: false }),
    SignResponse: obj(['document'], { document: obj(['base64', 'contentType'], { base64: { type: 'string' }, contentType: { type: 'string' } }), metadata: { type: 'object' }, warnings: ref('Warnings') }),
    VerificationReport: obj(['valid', 'signatures'], { valid: { type: 'boolean' }, reason: { type: 'string' }, signer: { type: 'object' }, signers: { type: 'array', items: { type: 'object' } }, document: { type: 'object' }, signatures: { type: 'array', items: { type: 'object' } } }),
    SigningKey: obj(['version', 'algorithm', 'publicKey', 'fingerprint', 'validFrom', 'validTo', 'issuer'], {
      version: { type: 'integer' }, algorithm: { type: 'string' }, publicKey: { type: 'string', description: 'PEM (SPKI).' }, fingerprint: { type: 'string', description: 'SHA-256 of the certificate.' },
      validFrom: { type: 'string', format: 'date-time' }, validTo: { type: 'string', format: 'date-time' }, issuer: { type: 'string' }, subject: { type: 'string' }, certificate: { type: 'string', description: 'PEM.' },
    }),
    Telemetry: obj(['colophonVersion', 'events'], {
      colophonVersion: { type: 'string' },
      browserInfo: { type: 'object', properties: { userAgent: { type: 'string' }, currentUrl: { type: 'string' }, hostname: { type: 'string' }, screenSize: obj(['width', 'height'], { width: { type: 'number' }, height: { type: 'number' } }) } },
      metadata: { type: 'object' },
      events: { type: 'array', minItems: 1, maxItems: 100, items: obj(['timestamp', 'documentId', 'documentCreatedAt'], { timestamp: { type: 'string', format: 'date-time' }, documentId: { type: 'string', pattern: '^HASH-[0-9A-F]{8}$' }, documentCreatedAt: { type: 'string' } }) },
    }, { additionalProperties: false }),
    Usage: obj(['from', 'to', 'usage'], {
      from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' }, licenseKey: { type: 'string' },
      usage: { type: 'array', items: obj(['licenseKey', 'day', 'documents', 'opens'], { licenseKey: { type: 'string' }, day: { type: 'string', format: 'date' }, documents: { type: 'integer' }, opens: { type: 'integer' } }) },
    }),
  };
}

/** Builds the OpenAPI 3.1 document for this server's version and limits. */
export function buildOpenApi(version: string, config: Pick<ServerConfig, 'maxBodyBytes' | 'rateLimit' | 'rateWindowMs' | 'keyConcurrency' | 'jobTimeoutMs'>): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Colophon /v1',
      version,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      description:
        `DOCX to PDF, templating, signing and verification. Every response carries X-Request-Id. Limits of this instance: body ${Math.round(config.maxBodyBytes / 1048576)} MB, ` +
        `${config.rateLimit} requests per ${Math.round(config.rateWindowMs / 1000)} s and ${config.keyConcurrency} engine requests in flight per key, ${Math.round(config.jobTimeoutMs / 1000)} s per job. ` +
        'Documents are processed in memory only; nothing about them is stored or logged. ' +
        'Every error is a Problem whose code is one of API.md\'s; a path that is not a route is a 404 and a method a route does not take a 405 (Allow lists those it does), both VALIDATION_ERROR.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths: paths(),
    components: { schemas: schemas(), securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key from /v1/auth/verify.' } } },
  };
}
