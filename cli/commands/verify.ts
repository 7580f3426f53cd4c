/**
 * `colophon verify`: checks the signatures of a PDF or DOCX against explicitly given trust anchors
 * and prints a readable summary (or the full report with --json).
 * Exit codes: 0 valid, 1 not valid, 2 could not evaluate (or bad usage).
 */
import { readFileSync } from 'node:fs';
import * as Comlink from 'comlink';
import type { Diagnostic, Result } from '../../engine/core';
import type { SignatureReport, VerificationReport } from '../../engine/verify';
import type { VerifyJob } from '../../worker/api';
import type { CliCommand, CliIo } from '../io';
import { parseArgs } from '../args';
import type { ArgSpec } from '../args';
import { limitHelp, readLimits, runBounded } from '../bounded';

const SPEC: ArgSpec = {
  flags: { help: 'boolean', json: 'boolean', trust: 'list', intermediate: 'list', at: 'string', revocation: 'string', online: 'boolean', timeout: 'string', memory: 'string' },
  aliases: { h: 'help' },
};

const HELP = `Usage: colophon verify FILE [--trust CA.pem ...] [--json]

Checks every signature of a PDF (PAdES, PKCS#7, document time-stamps) or DOCX (package signatures).
Nothing is trusted unless given with --trust.

  --trust FILE           trust anchor (PEM or DER certificate); repeatable
  --intermediate FILE    extra intermediate certificate(s); repeatable
  --at ISO-TIME          validate at this time instead of now (e.g. 2020-11-01T00:00:00Z)
  --revocation MODE      soft (default: missing data is reported), hard (missing data = indeterminate), off
  --online               fetch missing CRLs / OCSP responses from the URLs in the certificates
  --json                 print the full report as JSON
${limitHelp(25)}
The file is verified in a worker thread under the time and heap limits; past them the command
fails with one line (worker/out-of-memory: …), as a file it could not evaluate.

Exit status: 0 valid, 1 not valid, 2 could not evaluate.
`;

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_UNEVALUATED = 2;

/** Runs the verify command. */
export const runVerify: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, SPEC);
  if (!args.ok) return usage(io, args.error);
  const { flags, positional } = args.value;
  if (flags.help) {
    io.stdout(HELP);
    return EXIT_VALID;
  }
  if (positional.length !== 1) return usage(io, 'give exactly one file to verify.');
  const options = optionsFromFlags(flags);
  if (typeof options === 'string') return usage(io, options);
  const limits = readLimits(flags);
  if (!limits.ok) return usage(io, limits.error);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(positional[0]!));
  } catch (e) {
    io.stderr(`colophon verify: cannot read ${positional[0]}: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_UNEVALUATED;
  }
  // The worker tells a PDF from a DOCX by its bytes and fetches with its own fetch when allowOnline is set.
  const run = await runBounded<Result<VerificationReport>>(limits.value, (api, job) => api.verify(Comlink.transfer(bytes, [bytes.buffer]), options, job));
  if (!run.ok) {
    io.stderr(`colophon verify: ${run.message}\n`);
    return EXIT_UNEVALUATED;
  }
  const result = run.value;
  if (!result.ok) {
    printDiagnostics(io, result.errors, result.warnings);
    if (flags.json) io.stdout(`${JSON.stringify({ ok: false, errors: result.errors, warnings: result.warnings }, null, 2)}\n`);
    return EXIT_UNEVALUATED;
  }
  if (flags.json) io.stdout(`${JSON.stringify({ ...result.value, warnings: result.warnings }, null, 2)}\n`);
  else io.stdout(formatSummary(positional[0]!, result.value, result.warnings));
  return result.value.valid ? EXIT_VALID : EXIT_INVALID;
};

function usage(io: CliIo, message: string): number {
  io.stderr(`colophon verify: ${message}\n\n${HELP}`);
  return EXIT_UNEVALUATED;
}

function printDiagnostics(io: CliIo, errors: readonly Diagnostic[], warnings: readonly Diagnostic[]): void {
  for (const w of warnings) io.stderr(`warning ${w.code}: ${w.message}\n`);
  for (const e of errors) io.stderr(`error ${e.code}: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}\n`);
}

/** Turns the flags into verify options; returns an error text on bad input. */
export function optionsFromFlags(flags: Record<string, unknown>): VerifyJob | string {
  const read = (key: string): Uint8Array[] | string => {
    const out: Uint8Array[] = [];
    for (const f of (flags[key] as string[] | undefined) ?? []) {
      try {
        out.push(new Uint8Array(readFileSync(f)));
      } catch {
        return `cannot read --${key} file ${f}.`;
      }
    }
    return out;
  };
  const trust = read('trust');
  if (typeof trust === 'string') return trust;
  const intermediates = read('intermediate');
  if (typeof intermediates === 'string') return intermediates;
  let validationTime: Date | undefined;
  if (flags.at !== undefined) {
    validationTime = new Date(String(flags.at));
    if (!Number.isFinite(validationTime.getTime())) return `--at must be an ISO date-time (got '${String(flags.at)}').`;
  }
  const mode = flags.revocation as string | undefined;
  const revocation = mode === undefined || mode === 'soft' ? 'soft-fail' : mode === 'hard' ? 'hard-fail' : mode === 'off' ? 'off' : undefined;
  if (!revocation) return `--revocation must be soft, hard or off (got '${mode}').`;
  return {
    trustAnchors: trust,
    intermediates,
    revocation,
    ...(validationTime ? { validationTime } : {}),
    ...(flags.online ? { allowOnline: true } : {}),
  };
}

const yesNo = (v: boolean | null): string => (v === null ? 'unknown' : v ? 'yes' : 'no');

function signatureLines(s: SignatureReport): string[] {
  const lines: string[] = [];
  const kind = s.kind === 'document-timestamp' ? 'document time-stamp' : s.kind;
  lines.push(`  #${s.index + 1} ${s.fieldName} (${kind}${s.subFilter ? `, ${s.subFilter}` : ''}): ${s.indication}${s.subIndication ? ` / ${s.subIndication}` : ''}`);
  if (s.signer) lines.push(`     signer:    ${s.signer.name}${s.signer.email ? ` <${s.signer.email}>` : ''}, issued by ${s.signer.issuer}`);
  if (s.claimedSigningTime) lines.push(`     signed at: ${s.claimedSigningTime} (claimed)`);
  if (s.timestamp) lines.push(`     time-stamp: ${s.timestamp.genTime ?? 'unreadable'}${s.timestamp.problem ? ` — ${s.timestamp.problem}` : ' (verified)'}`);
  const f = s.facets;
  lines.push(`     intact: ${yesNo(f.intact)}  valid: ${yesNo(f.valid)}  trusted: ${yesNo(f.trusted)}  coverage: ${f.coverage}  changes after: ${f.modification}${s.modifications.allowed ? '' : ' (not permitted)'}`);
  if (s.pades.level) lines.push(`     PAdES level: ${s.pades.level}`);
  if (s.xml) lines.push(`     manifest references verified: ${s.xml.manifest}`);
  for (const c of s.modifications.changes.filter((x) => x.disallowed).slice(0, 5)) lines.push(`     ! ${c.description}`);
  if (s.attack) lines.push(`     ATTACK (${s.attack.kind}): ${s.attack.evidence}`);
  lines.push(`     ${s.reason}`);
  return lines;
}

/** The readable summary of a report. */
export function formatSummary(file: string, r: VerificationReport, warnings: readonly Diagnostic[]): string {
  const head = `${file}: ${r.valid ? 'VALID' : 'NOT VALID'} (${r.document.verdict}, ${r.signatures.length} signature${r.signatures.length === 1 ? '' : 's'})`;
  const lines = [head];
  if (r.reason) lines.push(`  ${r.reason}`);
  for (const s of r.signatures) lines.push(...signatureLines(s));
  if (r.document.unsignedParts && r.document.unsignedParts.length > 0) lines.push(`  outside the signed scope: ${r.document.unsignedParts.join(', ')}`);
  if (r.document.unsignedSignatureFields.length > 0) lines.push(`  empty signature fields: ${r.document.unsignedSignatureFields.join(', ')}`);
  for (const w of warnings.slice(0, 10)) lines.push(`  warning ${w.code}: ${w.message}`);
  return `${lines.join('\n')}\n`;
}
