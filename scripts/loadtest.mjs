// Load test of the /v1 service: N concurrent clients send conversion requests for a fixed time against
// the bundled server (dist/server.js, started here with a temporary data directory) and every answer is
// checked: 200 with a PDF, or 429 / 503 with Retry-After. Nothing may be lost (connection error) or hang.
//
//   node scripts/loadtest.mjs [--seconds 60] [--clients 50] [--keys 50] [--paragraphs 60] [--file x.docx]
//                             [--no-retry-after] [--json]
//
// --keys: distinct API keys shared round-robin by the clients (1 key → per-key limits bind first).
// Clients wait the Retry-After they are given (unless --no-retry-after) before their next request.
// Prints throughput, latency percentiles, the answers by status, and the server's memory (RSS, peak).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(opt('seconds', 60));
const CLIENTS = Number(opt('clients', 50));
const KEYS = Math.min(Number(opt('keys', 50)), CLIENTS);
const PARAGRAPHS = Number(opt('paragraphs', 60));
const HONOR_RETRY = !args.includes('--no-retry-after');
const CLIENT_TIMEOUT_MS = 180_000;

/** A plain DOCX with `n` paragraphs of body text (about 25 per page). */
function makeDocx(n) {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const paras = Array.from({ length: n }, (_, i) => `<w:p><w:r><w:t xml:space="preserve">Paragraph ${i + 1}. ${'The quick brown fox jumps over the lazy dog. '.repeat(6)}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${paras}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`),
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}

async function startServer(dataDir) {
  const bundle = join(root, 'dist', 'server.js');
  if (!existsSync(bundle)) throw new Error('dist/server.js is missing; run npm run build first.');
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, PORT: '0', COLOPHON_DATA_DIR: dataDir, COLOPHON_LOG: 'off', SMTP_URL: '', COLOPHON_REGISTER_PER_IP: '10000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  for (let i = 0; i < 300; i++) {
    const m = /serving \/v1 on (http:\/\/\S+?) /.exec(stderr);
    if (m) return { child, url: m[1] };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start:\n${stderr}`);
}

async function obtainKey(url, dataDir, email) {
  const reg = await fetch(`${url}/v1/auth/register?email=${encodeURIComponent(email)}`);
  if (reg.status !== 200) throw new Error(`register ${reg.status}: ${await reg.text()}`);
  const outbox = join(dataDir, 'outbox');
  const mail = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8')).find((m) => m.includes(`To: ${email}`));
  const code = /code is (\d{6})/.exec(mail ?? '')?.[1];
  const res = await fetch(`${url}/v1/auth/verify?email=${encodeURIComponent(email)}&code=${code}`);
  if (res.status !== 200) throw new Error(`verify ${res.status}: ${await res.text()}`);
  return res.json();
}

async function waitHealthy(url) {
  for (let i = 0; i < 300; i++) {
    const h = await fetch(`${url}/v1/health`).then((r) => r.json(), () => undefined);
    if (h?.status === 'healthy') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy');
}

/** One client: requests back to back until the deadline; returns one record per request. */
async function client(url, key, docx, deadline) {
  const records = [];
  while (Date.now() < deadline) {
    const form = new FormData();
    form.append('file', new Blob([docx]), 'load.docx');
    const started = performance.now();
    const rec = { status: 0, ms: 0, retryAfter: undefined, pdf: false, error: undefined };
    try {
      const res = await fetch(`${url}/v1/convert?from=docx`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
      const body = new Uint8Array(await res.arrayBuffer());
      rec.status = res.status;
      rec.retryAfter = res.headers.get('retry-after') ?? undefined;
      rec.pdf = res.status === 200 && body[0] === 0x25 && body[1] === 0x50 && body[2] === 0x44 && body[3] === 0x46;
    } catch (e) {
      rec.error = e?.name === 'TimeoutError' ? 'hung' : `lost: ${e?.cause?.code ?? e?.message}`;
    }
    rec.ms = performance.now() - started;
    records.push(rec);
    if (HONOR_RETRY && rec.retryAfter && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, Math.min(Number(rec.retryAfter) * 1000, Math.max(0, deadline - Date.now()))));
    }
  }
  return records;
}

const dataDir = mkdtempSync(join(tmpdir(), 'colophon-load-'));
const load = { before: loadavg().map((x) => x.toFixed(2)).join(' '), cores: cpus().length };
const { child, url } = await startServer(dataDir);
let exitCode = 0;
try {
  await waitHealthy(url);
  const keys = [];
  for (let i = 0; i < KEYS; i++) keys.push(await obtainKey(url, dataDir, `load${i}@example.com`));
  const docx = opt('file') ? new Uint8Array(readFileSync(opt('file'))) : makeDocx(PARAGRAPHS);
  const mem = [];
  const sampler = setInterval(() => mem.push(memoryOf(child.pid)), 1000);
  const t0 = Date.now();
  const deadline = t0 + SECONDS * 1000;
  const all = (await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(url, keys[i % KEYS], docx, deadline)))).flat();
  const wallS = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  const end = memoryOf(child.pid);
  const byStatus = {};
  for (const r of all) byStatus[r.error ?? r.status] = (byStatus[r.error ?? r.status] ?? 0) + 1;
  const ok = all.filter((r) => r.status === 200);
  const refused = all.filter((r) => r.status === 429 || r.status === 503);
  const bad = all.filter((r) => r.error || !((r.status === 200 && r.pdf) || ((r.status === 429 || r.status === 503) && r.retryAfter)));
  const lat = ok.map((r) => r.ms).sort((a, b) => a - b);
  const summary = {
    config: { seconds: SECONDS, clients: CLIENTS, keys: KEYS, documentBytes: docx.length, paragraphs: opt('file') ? undefined : PARAGRAPHS, honorRetryAfter: HONOR_RETRY },
    machine: { cores: load.cores, loadavgBefore: load.before, loadavgAfter: loadavg().map((x) => x.toFixed(2)).join(' ') },
    requests: all.length,
    byStatus,
    violations: bad.length,
    throughput: { conversionsPerS: +(ok.length / wallS).toFixed(2), answersPerS: +(all.length / wallS).toFixed(2) },
    latencyMs200: { p50: Math.round(percentile(lat, 50)), p90: Math.round(percentile(lat, 90)), p99: Math.round(percentile(lat, 99)), max: Math.round(lat.at(-1) ?? NaN) },
    latencyMsRefused: { p50: Math.round(percentile(refused.map((r) => r.ms).sort((a, b) => a - b), 50)), max: Math.round(Math.max(0, ...refused.map((r) => r.ms))) },
    serverMemoryMb: { rssEnd: Math.round(end.rssMb), rssMaxSampled: Math.round(Math.max(...mem.map((m) => m.rssMb))), peak: Math.round(end.peakMb) },
  };
  if (args.includes('--json')) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(`Load test: ${CLIENTS} clients, ${KEYS} keys, ${SECONDS} s, ${docx.length} B DOCX, Retry-After ${HONOR_RETRY ? 'honoured' : 'ignored'}; ${load.cores} cores, load average before ${load.before}, after ${summary.machine.loadavgAfter}`);
    console.log(`  requests ${all.length}: ${Object.entries(byStatus).map(([k, v]) => `${k}×${v}`).join(', ')}; violations (lost, hung, or 429/503 without Retry-After) ${bad.length}`);
    console.log(`  throughput ${summary.throughput.conversionsPerS} conversions/s (${summary.throughput.answersPerS} answers/s)`);
    console.log(`  latency of 200s: p50 ${summary.latencyMs200.p50} ms, p90 ${summary.latencyMs200.p90} ms, p99 ${summary.latencyMs200.p99} ms, max ${summary.latencyMs200.max} ms; refusals p50 ${summary.latencyMsRefused.p50} ms, max ${summary.latencyMsRefused.max} ms`);
    console.log(`  server memory: RSS at end ${summary.serverMemoryMb.rssEnd} MB, highest sampled ${summary.serverMemoryMb.rssMaxSampled} MB, peak (VmHWM) ${summary.serverMemoryMb.peak} MB`);
  }
  if (bad.length > 0) exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
