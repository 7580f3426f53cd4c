/**
 * The campaign's child process: runs one engine entry point per message on bytes the parent sends,
 * and answers with what the entry point returned. The parent enforces the time and memory limits
 * (it kills this process on a timeout; --max-old-space-size bounds the heap). Each case's peak
 * resident set is measured from what was live before it (garbage collected, peak reset: memory.ts)
 * and sent back with the answer, with what stays resident after it (garbage collected again).
 */
import { convertDocxToPdf } from '../../engine/convert';
import type { Diagnostic, EngineHost, Result } from '../../engine/core';
import { decodeJpeg, decodeRaster, sniffRaster } from '../../engine/image';
import type { CmsSigner } from '../../engine/cms';
import { createDevIdentity, signDocx, signerFromDevIdentity, signPdf } from '../../engine/sign';
import { fillTemplate } from '../../engine/template';
import { verifyDocx, verifyPdf, type VerificationReport } from '../../engine/verify';
import { createNodeHost } from '../../node/host';
import { tuneV8ForConversion } from '../../node/v8-tuning';
import { collectGarbage, peakRssMb, resetPeakRss, rssMb } from './memory';

/** A case sent by the parent. */
export interface CaseMessage {
  readonly id: number;
  readonly target: string;
  readonly bytes: Uint8Array;
  readonly request?: { readonly fields?: readonly never[]; readonly data?: Record<string, unknown> };
  readonly returnBytes?: boolean;
}

/** What the worker answers. */
export interface CaseAnswer {
  readonly id: number;
  readonly status: 'ok' | 'fail' | 'threw';
  readonly codes: string[];
  readonly message?: string;
  readonly ms: number;
  readonly pages?: number;
  readonly bytes?: Uint8Array;
  /** Verification targets: the document's verdict and each signature's subindication (how deep the case got). */
  readonly verdict?: string;
  /** The process's peak resident set while the case ran, in MB (from what was live before it). */
  readonly peakRssMb?: number;
  /** The resident set before the case, in MB, garbage collected: the peak's floor. */
  readonly startRssMb?: number;
  /** The resident set after the case, garbage collected, in MB: what the next case starts from. */
  readonly endRssMb?: number;
  /**
   * CPU time the case took in this process (user and system, ms, V8's helper threads included): unlike `ms`, not stretched by other
   * work on a shared machine, where a case of 3 s ran past the 20 s limit while others' jobs ran.
   */
  readonly cpuMs?: number;
}

// The same V8 tuning as the CLI and the server's workers, so a case costs here what it costs users.
tuneV8ForConversion();
const host: EngineHost = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 1)) });
let signer: CmsSigner | undefined;

async function theSigner(): Promise<CmsSigner> {
  if (signer) return signer;
  const id = await createDevIdentity({}, host);
  if (!id.ok) throw new Error('dev identity');
  const s = await signerFromDevIdentity(id.value, host);
  if (!s.ok) throw new Error('dev signer');
  return (signer = s.value);
}

type AnyResult = Result<unknown> & { value?: unknown };

async function runTarget(m: CaseMessage): Promise<AnyResult> {
  switch (m.target) {
    case 'convert':
      return convertDocxToPdf(m.bytes, {}, host);
    case 'template':
      return fillTemplate(m.bytes, m.request ?? {}, {}, host);
    case 'verify-pdf':
      return verifyPdf(m.bytes, {}, host);
    case 'verify-docx':
      return verifyDocx(m.bytes, {}, host);
    case 'sign-pdf':
      return signPdf(m.bytes, { signer: await theSigner(), reason: 'fuzz' }, host);
    case 'sign-docx':
      return signDocx(m.bytes, { signer: await theSigner() }, host);
    case 'raster':
      return decodeRaster(sniffRaster(m.bytes) ?? 'gif', m.bytes);
    case 'jpeg':
      return decodeJpeg(m.bytes);
    default:
      throw new Error(`unknown target ${m.target}`);
  }
}

/**
 * Messages of the catch-alls that turn an unexpected exception into a coded diagnostic (the picture
 * decoders' runDecoder and the renderer's image embedding): the case still ends well, but a decoder
 * threw where it must not, so the campaign counts it as an internal error.
 */
const CAUGHT_THROW = /picture could not be decoded(?: and is not drawn)? \(/;

function codesOf(r: AnyResult): string[] {
  const list: readonly Diagnostic[] = r.ok ? r.warnings : r.errors;
  const codes = list.filter((d) => d.severity === 'error' || !r.ok).map((d) => `${d.code}${d.code.endsWith('/internal') || d.code.endsWith('/resource-limit') ? ` ${d.message}` : ''}`);
  const all: readonly Diagnostic[] = [...(r.ok ? [] : r.errors), ...r.warnings];
  for (const d of all) if (CAUGHT_THROW.test(d.message)) codes.push(`fuzz/internal caught: ${d.message}`);
  return codes;
}

function bytesOf(v: unknown): Uint8Array | undefined {
  if (v instanceof Uint8Array) return v;
  const o = v as { pdf?: unknown; docx?: unknown } | undefined;
  if (o?.pdf instanceof Uint8Array) return o.pdf;
  if (o?.docx instanceof Uint8Array) return o.docx;
  return undefined;
}

function verdictOf(v: unknown): string | undefined {
  const report = v as Partial<VerificationReport> | undefined;
  if (!report?.document || !Array.isArray(report.signatures)) return undefined;
  const sigs = report.signatures.map((s) => s.subIndication ?? s.indication);
  return `${report.document.verdict}${sigs.length > 0 ? ` (${[...new Set(sigs)].join(', ')})` : ''}`;
}

async function answer(m: CaseMessage): Promise<CaseAnswer> {
  const t = performance.now();
  try {
    const r = await runTarget(m);
    const ms = Math.round(performance.now() - t);
    const pages = r.ok ? (r.value as { pages?: number } | undefined)?.pages : undefined;
    const verdict = r.ok ? verdictOf(r.value) : undefined;
    const wantBytes = m.returnBytes === true && r.ok;
    return { id: m.id, status: r.ok ? 'ok' : 'fail', codes: codesOf(r), ms, ...(pages !== undefined ? { pages } : {}), ...(verdict ? { verdict } : {}), ...(wantBytes ? { bytes: bytesOf(r.value) } : {}) };
  } catch (e) {
    const message = e instanceof Error ? `${e.name}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 8).join('\n')}` : String(e);
    return { id: m.id, status: 'threw', codes: [], message, ms: Math.round(performance.now() - t) };
  }
}

/** Runs a case between two garbage collections, measuring its peak resident set. */
async function measured(m: CaseMessage): Promise<CaseAnswer> {
  collectGarbage();
  const startRssMb = rssMb();
  resetPeakRss();
  const cpu = process.cpuUsage();
  const a = await answer(m);
  const used = process.cpuUsage(cpu);
  const peak = peakRssMb();
  collectGarbage();
  return { ...a, peakRssMb: peak, startRssMb, endRssMb: rssMb(), cpuMs: Math.round((used.user + used.system) / 1000) };
}

process.on('message', (m: CaseMessage) => {
  void measured(m).then((a) => process.send!(a));
});
process.send!({ id: -1, status: 'ok', codes: [], ms: 0 });
