/**
 * HTTP cases for the hostile-input campaign: a valid request to one of the /v1 routes, then zero to
 * three hostile changes to its method, path, query, headers or body (JSON values of the wrong type or
 * size, deep nesting, prototype keys, truncated or non-UTF-8 bodies, broken multipart, odd file
 * names). The oracle is in http-oracle.ts.
 */
import type { Rng } from './rng';

/** One request, as built: what to send and the changes made to the valid one. */
export interface HttpCase {
  readonly method: string;
  /** Path and query, e.g. `/v1/convert?from=docx`. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: Uint8Array;
  readonly ops: string[];
}

/** What a valid request needs: a key and small documents. */
export interface HttpCaseInputs {
  readonly key: string;
  readonly docx: Uint8Array;
  readonly pdf: Uint8Array;
  readonly png: Uint8Array;
}

const enc = new TextEncoder();
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

interface Draft {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  json?: unknown;
  multipart?: Part[];
  raw?: Uint8Array;
  ops: string[];
}

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Uint8Array;
}

const signer = { name: 'Ada Lovelace', email: 'ada@example.com', ip: '203.0.113.7', userAgent: 'fuzz' };
const trail = [
  { type: 'ready', timestamp: '2026-01-01T10:00:00.000Z' },
  { type: 'field_change', timestamp: '2026-01-01T10:00:40.000Z', data: { fieldId: 'name', value: 'Ada' } },
  { type: 'submit', timestamp: '2026-01-01T10:01:00.000Z' },
];

/** The valid request of each route. */
function baseDraft(r: Rng, inputs: HttpCaseInputs): Draft {
  const k = r.chance(0.15) ? { ...inputs, docx: damaged(inputs.docx, r), pdf: damaged(inputs.pdf, r), png: damaged(inputs.png, r) } : inputs;
  const auth = { Authorization: `Bearer ${k.key}` };
  const d = (method: string, path: string, query: Array<[string, string]>, headers: Record<string, string>, body?: Pick<Draft, 'json' | 'multipart'>): Draft =>
    ({ method, path, query, headers, ...body, ops: [`${method} ${path}`] });
  const json = { 'Content-Type': 'application/json', ...auth };
  switch (r.int(13)) {
    case 0: return d('GET', '/v1/health', [], {});
    case 1: return d('GET', '/v1/openapi.json', [], {});
    case 2: return d('GET', '/v1/auth/register', [['email', `fuzz${r.int(1000)}@example.com`]], {});
    case 3: return d('GET', '/v1/auth/verify', [['email', 'fuzz@example.com'], ['code', String(100000 + r.int(900000))]], {});
    case 4: return d('POST', '/v1/convert', [['from', 'docx'], ['to', 'pdf']], auth, { multipart: [{ name: 'file', fileName: 'report.docx', data: k.docx }] });
    case 5: return d('POST', '/v1/annotate', [['to', r.pick(['docx', 'pdf'])]], json, {
      json: { document: { base64: b64(k.docx) }, fields: [{ id: 'name', type: 'text', value: 'Ann' }, { id: 'logo', type: 'image', value: `data:image/png;base64,${b64(k.png)}` }, { id: 'rows', type: 'table', value: [['a', 'b']] }] },
    });
    case 6: return d('POST', '/v1/sign', [], json, { json: { document: { base64: b64(k.pdf) }, signer, auditTrail: trail, eventId: 'evt-1', metadata: { a: 1 } } });
    case 7: return d('POST', '/v1/verify', [], json, { json: { document: { base64: b64(k.pdf) } } });
    case 8: return d('GET', '/v1/verify/key', [], auth);
    case 11: return d('POST', '/v1/sign', [['to', 'docx']], json, { json: { document: { base64: b64(k.docx) }, signer, auditTrail: trail, certificate: { enabled: r.chance(0.5) } } });
    case 12: return d('POST', '/v1/annotate', [['to', 'docx']], auth, {
      multipart: [{ name: 'file', fileName: 'tpl.docx', data: k.docx }, { name: 'fields', data: enc.encode(JSON.stringify([{ id: 'name', type: 'text', value: 'Ann' }])) }],
    });
    case 9: return d('POST', '/v1/collect', [], { 'Content-Type': 'application/json', 'X-License-Key': 'community-and-eval-agplv3' }, {
      json: { colophonVersion: '0.1.0', browserInfo: { userAgent: 'x', currentUrl: 'https://a.example/', hostname: 'a.example', screenSize: { width: 1, height: 1 } }, metadata: {}, events: [{ timestamp: '2026-01-01T00:00:00.000Z', documentId: 'HASH-1A2B3C4D', documentCreatedAt: '2025-12-31T10:00:00Z' }] },
    });
    default: return d('GET', '/v1/usage', [['from', '2026-01-01'], ['to', '2026-01-31']], auth);
  }
}

/** Hostile JSON values. */
function hostileValue(r: Rng): unknown {
  switch (r.int(14)) {
    case 0: return null;
    case 1: return r.pick([0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1]);
    case 2: return 'x'.repeat(r.pick([0, 1, 300, 100_000]));
    case 3: return `${DEEP}${r.pick([50, 5000, 100_000])}${r.pick(['[', '{'])}`;
    case 4: return JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}');
    case 5: return [];
    case 6: return {};
    case 7: return true;
    case 8: return Array.from({ length: r.pick([1000, 20_000]) }, (_, i) => ({ id: `f${i}`, type: 'text', value: 'v' }));
    case 9: return '\uD800\uDFFF\u0000\uFFFE';
    case 10: return 'data:image/png;base64,' + r.pick(['', '@@@', 'AAAA', 'iVBORw0KGgo=']);
    case 11: return r.pick(['2026-02-30T25:61:00Z', '9999-12-31T23:59:59.999Z', '', 'yesterday']);
    case 12: return { base64: r.pick(['', ' ', 'A', 'AAAA', '====', 'data:application/pdf;base64,JVBERi0=', 'UEsDBBQAAAAIAA==']) };
    default: return r.pick(['text', 'image', 'signature', 'table', 'submit', 'scroll']);
  }
}

/** A placeholder for deeply nested JSON, spelt out as text when serialised (a tree that deep would overflow JSON.stringify). */
const DEEP = 'ZZ-DEEP-';

function spellDeep(json: string): string {
  return json.replace(/"ZZ-DEEP-(\d+)([[{])"/g, (_, n: string, open: string) => {
    const depth = Number(n);
    return open === '[' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  });
}

/** Every [container, key] pair of a JSON tree (for replacing or removing one value). */
function slots(v: unknown, out: Array<[Record<string, unknown> | unknown[], string | number]> = [], depth = 0): typeof out {
  if (depth > 6 || typeof v !== 'object' || v === null) return out;
  if (Array.isArray(v)) v.forEach((x, i) => { out.push([v, i]); slots(x, out, depth + 1); });
  else for (const [key, x] of Object.entries(v)) { out.push([v as Record<string, unknown>, key]); slots(x, out, depth + 1); }
  return out;
}

function mutateJson(d: Draft, r: Rng): void {
  const all = slots(d.json);
  const op = r.int(4);
  if (op === 0 || all.length === 0) {
    d.json = hostileValue(r);
    d.ops.push('json: whole body replaced');
    return;
  }
  const [box, key] = r.pick(all);
  if (op === 1) {
    (box as Record<string | number, unknown>)[key] = hostileValue(r);
    d.ops.push(`json: ${String(key)} replaced`);
  } else if (op === 2 && !Array.isArray(box)) {
    delete (box as Record<string, unknown>)[key as string];
    d.ops.push(`json: ${String(key)} removed`);
  } else if (!Array.isArray(box)) {
    (box as Record<string, unknown>)[r.pick(['extra', '__proto__', 'constructor', ''])] = hostileValue(r);
    d.ops.push('json: key added');
  }
}

/** Serialises the draft's body (JSON or multipart) into raw bytes, possibly damaged. */
function serialize(d: Draft, r: Rng): void {
  if (d.json !== undefined) d.raw = enc.encode(spellDeep(JSON.stringify(d.json) ?? 'null'));
  else if (d.multipart) {
    const boundary = `----fuzz${r.int(1e9)}`;
    d.raw = multipartBytes(d.multipart, boundary);
    d.headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
  }
}

function multipartBytes(parts: readonly Part[], boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const file = p.fileName !== undefined ? `; filename="${p.fileName}"` : '';
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : p.fileName !== undefined ? '\r\nContent-Type: application/octet-stream' : '';
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`), p.data, enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A copy of `bytes` with a few bytes overwritten after the first four (so it still looks like a ZIP or PDF). */
export function damaged(bytes: Uint8Array, r: Rng): Uint8Array {
  const copy = bytes.slice();
  for (let i = 0; i < 1 + r.int(16); i++) copy[4 + r.int(Math.max(1, copy.length - 4))] = r.int(256);
  return copy;
}

/** Hostile file names and parts for multipart bodies. */
function mutateMultipart(d: Draft, r: Rng): void {
  const parts = d.multipart!;
  switch (r.int(6)) {
    case 0: {
      const name = r.pick(['a'.repeat(119) + '\u{1D400}\u{1D400}.docx', "it's (draft)*!.docx", '../../etc/passwd', 'a\\b\\c.docx', '', '.docx', '\u202Egpj.docx',
        'x'.repeat(5000) + '.docx', 'Ärger €.docx', '%00.docx', 'report.DOCX', ' . .docx']);
      parts[0] = { ...parts[0]!, fileName: name };
      d.ops.push(`multipart: file name ${JSON.stringify(name.slice(0, 40))}`);
      return;
    }
    case 1: parts.push({ ...parts[0]! }); d.ops.push('multipart: file twice'); return;
    case 2: parts[0] = { name: 'file', data: parts[0]!.data }; d.ops.push('multipart: file as text part'); return;
    case 3: parts.push({ name: r.pick(['fields', 'extra', 'file\u0000', '']), data: enc.encode('{"a":') }); d.ops.push('multipart: extra part'); return;
    case 4: parts[0] = { ...parts[0]!, data: r.chance(0.5) ? parts[0]!.data.subarray(0, r.int(parts[0]!.data.length)) : damaged(parts[0]!.data, r) }; d.ops.push('multipart: file damaged'); return;
    default: parts[0] = { ...parts[0]!, data: new Uint8Array(0) }; d.ops.push('multipart: empty file');
  }
}

/** Damage to the serialised body bytes or their media type. */
function mutateRaw(d: Draft, r: Rng): void {
  const raw = d.raw ?? new Uint8Array(0);
  switch (r.int(7)) {
    case 0: d.raw = raw.subarray(0, r.int(raw.length + 1)); d.ops.push('body truncated'); return;
    case 1: d.raw = Buffer.concat([enc.encode('\uFEFF'), raw]); d.ops.push('body: BOM'); return;
    case 2: {
      const copy = raw.slice();
      for (let i = 0; i < 1 + r.int(8) && copy.length > 0; i++) copy[r.int(copy.length)] = r.pick([0xff, 0xc0, 0x80, 0x00, 0x22, 0x7b]);
      d.raw = copy;
      d.ops.push('body bytes flipped');
      return;
    }
    case 3: d.raw = new Uint8Array(0); d.ops.push('body empty'); return;
    case 4: {
      const type = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/json; charset=iso-8859-1', 'APPLICATION/JSON', 'application/json;;;', '']);
      d.headers['Content-Type'] = type;
      d.ops.push(`content type ${JSON.stringify(type)}`);
      return;
    }
    case 5: delete d.headers['Content-Type']; d.ops.push('no content type'); return;
    default: d.raw = enc.encode(spellDeep(`"${DEEP}200000["`)); d.ops.push('body: 200k nested arrays');
  }
}

function mutateRequestLine(d: Draft, r: Rng): void {
  switch (r.int(6)) {
    case 0: d.method = r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']); d.ops.push(`method ${d.method}`); return;
    case 1: d.path = r.pick([`${d.path}/`, `${d.path}//x`, d.path.toUpperCase(), `/v1/../${d.path.slice(4)}`, `${d.path}%2F..%2Fhealth`, `/v1/${'a/'.repeat(2000)}`, '/v2/convert', '/', '/v1']); d.ops.push(`path ${d.path.slice(0, 40)}`); return;
    case 2: d.query.push([r.pick(['from', 'to', 'x', 'email', 'code', 'trust', '']), r.pick(['', 'docx', '%zz', '\u0000', 'x'.repeat(20_000), '🙂'])]); d.ops.push('query: parameter added'); return;
    case 3: if (d.query.length > 0) d.query.splice(r.int(d.query.length), 1); d.ops.push('query: parameter removed'); return;
    case 4: d.query = d.query.map(([k, v]) => [k, r.pick([v, '', v.toUpperCase(), ` ${v} `, `${v}@`, v.repeat(50)])]); d.ops.push('query: values changed'); return;
    default: d.query.push(...d.query); d.ops.push('query: repeated');
  }
}

function mutateHeaders(d: Draft, r: Rng, k: HttpCaseInputs): void {
  switch (r.int(6)) {
    case 0: delete d.headers.Authorization; d.ops.push('no authorization'); return;
    case 1: {
      const v = r.pick(['Bearer', 'Bearer ', `bearer ${k.key}`, `Basic ${k.key}`, `Bearer ${k.key}x`, `Bearer ${'k'.repeat(10_000)}`, `Bearer  ${k.key}`, `Bearer ${k.key.slice(0, 8)}`, 'Bearer \u00ff\u00fe']);
      d.headers.Authorization = v;
      d.ops.push('authorization changed');
      return;
    }
    case 2: d.headers['X-Request-Id'] = r.pick(['', 'ok-id-1', 'x'.repeat(5000), 'a b', '../../x', 'id\u00e9']); d.ops.push('request id'); return;
    case 3: d.headers['X-Forwarded-For'] = r.pick(['', 'not-an-ip', '1.2.3.4, 5.6.7.8', 'x'.repeat(10_000)]); d.ops.push('forwarded for'); return;
    case 4: d.headers['X-License-Key'] = r.pick(['', 'k'.repeat(201), 'a b', '\u00ff', 'ok-key']); d.ops.push('license key'); return;
    default: d.headers.Origin = r.pick(['https://evil.example', 'null']); d.ops.push('origin');
  }
}

/** The n-th case: a valid request with 0-3 hostile changes. */
export function httpCase(r: Rng, inputs: HttpCaseInputs): HttpCase {
  const d = baseDraft(r, inputs);
  const changes = r.pick([0, 1, 1, 2, 2, 3]);
  for (let i = 0; i < changes; i++) {
    const where = r.int(5);
    if (where === 0 && d.json !== undefined && !d.raw) mutateJson(d, r);
    else if (where === 0 && d.multipart && !d.raw) mutateMultipart(d, r);
    else if (where === 1) mutateRequestLine(d, r);
    else if (where === 2) mutateHeaders(d, r, inputs);
    else if (where === 3 && !d.raw) { serialize(d, r); mutateRaw(d, r); }
  }
  if (!d.raw) serialize(d, r);
  const query = d.query.length > 0 ? `?${d.query.map(([a, b]) => `${encodeURIComponent(a)}=${b.includes('%') ? b : encodeURIComponent(b)}`).join('&')}` : '';
  const body = d.method === 'GET' || d.method === 'HEAD' ? undefined : d.raw;
  return { method: d.method, url: `${d.path}${query}`, headers: d.headers, ...(body ? { body } : {}), ops: d.ops };
}
