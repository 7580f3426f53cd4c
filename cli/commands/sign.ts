/**
 * `colophon sign`: signs a PDF (PAdES B-B … B-LTA, visible or invisible, approval or certification)
 * with a key from PKCS#12, PEM or the development identity kept in the data directory.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { error, fail, ok } from '../../engine/core';
import type { Diagnostic, EngineHost, Result } from '../../engine/core';
import type { DigestName, SignerOptions, TsaOptions } from '../../engine/cms';
import { decodePem } from '../../engine/cms';
import * as Comlink from 'comlink';
import { devSigningIdentity, readAuditTrail, signerFromIdentity } from '../../engine/sign';
import type { AuditTrail, SigningIdentity } from '../../engine/sign';
import type { SignJob, SignOutput } from '../../worker/api';
import type { PadesLevel, SignPdfOptions, VisibleSignature } from '../../engine/sign';
import { createNodeHost } from '../../node/host';
import { defaultDataDir, loadOrCreateDevIdentity } from '../../node/dev-identity';
import { EXIT } from '../io';
import type { CliCommand, CliIo } from '../io';
import { parseArgs } from '../args';
import type { ArgSpec } from '../args';
import { limitHelp, readLimits, runBounded } from '../bounded';

const SPEC: ArgSpec = {
  flags: {
    help: 'boolean', o: 'string', output: 'string', p12: 'string', password: 'string', pem: 'string', 'key-password': 'string', dev: 'boolean', 'data-dir': 'string',
    level: 'string', tsa: 'string', visible: 'string', image: 'string', certify: 'string', 'audit-trail': 'string', reason: 'string', location: 'string', contact: 'string',
    name: 'string', field: 'string', pss: 'boolean', digest: 'string', pkcs7: 'boolean', cert: 'list', ocsp: 'list', crl: 'list', online: 'boolean', lock: 'string',
    timeout: 'string', memory: 'string',
  },
  aliases: { h: 'help' },
};

const HELP = `Usage: colophon sign IN.pdf|IN.docx -o OUT (--p12 FILE --password PW | --pem FILE | --dev) [options]

A DOCX gets an OOXML package signature as Word writes it (--reason becomes the purpose); the
remaining signature options apply to PDF.

Key:
  --p12 FILE             PKCS#12 (.p12/.pfx; legacy RC2/3DES files work); password from --password or $COLOPHON_SIGN_PASSWORD
  --pem FILE             PEM with certificate(s) and private key; --key-password for an encrypted key
  --dev                  the development identity (created on first use in --data-dir, default $COLOPHON_DATA_DIR or ~/.local/share/colophon)
  --pss                  RSA-PSS instead of PKCS#1 v1.5;  --digest SHA-256|SHA-384|SHA-512

Signature:
  --level B-B|B-T|B-LT|B-LTA   PAdES level (default B-B); B-T and B-LTA need --tsa URL
  --tsa URL              RFC 3161 time-stamp authority
  --cert F --ocsp F --crl F    DER (or PEM certificate) files for the DSS (B-LT, B-LTA); repeatable
  --online               B-LT, B-LTA: fetch an OCSP response (or else a CRL) for each certificate of the
                         signer's chain from the URLs it names; a failed fetch only warns
  --visible page,x,y,w,h visible widget (points from the page's lower-left corner); invisible by default
  --image FILE           PNG or JPEG shown in the visible widget
  --certify 1|2|3        certification signature with DocMDP P (1 no changes, 2 forms+signing, 3 also annotations)
  --lock all|include:a,b|exclude:a,b   lock fields when this signature is applied (FieldMDP)
  --reason, --location, --contact, --name TEXT, --field NAME
  --pkcs7                adbe.pkcs7.detached instead of ETSI.CAdES.detached
  --audit-trail FILE     append an audit-trail page before signing; FILE is JSON shaped like the
                         /v1/sign body: { signer: {name, email, ip?, userAgent?}, auditTrail: [...], eventId? }

Limits (the document is signed in a worker thread; past a limit the command fails with one line,
worker/out-of-memory: …, and exit status 1):
${limitHelp(25)}`;

type Flags = Record<string, string | boolean | string[] | undefined>;

/** Runs the sign command. */
export const runSign: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, SPEC);
  if (!args.ok) return usage(io, args.error);
  const { flags, positional } = args.value;
  if (flags.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  const input = positional[0];
  const output = (flags.o ?? flags.output) as string | undefined;
  if (!input || positional.length > 1) return usage(io, 'give exactly one input file.');
  if (!output) return usage(io, 'give the output file with -o.');
  const parsed = signOptionsFromFlags(flags);
  if (typeof parsed === 'string') return usage(io, parsed);
  const limits = readLimits(flags);
  if (!limits.ok) return usage(io, limits.error);
  const host = createNodeHost();
  // The key is read here, so a wrong password fails before any work and the signer's name can be printed; the worker signs with the same identity.
  const identity = await loadIdentity(flags, host);
  if (!identity.ok) return report(io, identity.errors, identity.warnings);
  const signerOptions = signerOptionsOf(flags);
  const signer = await signerFromIdentity(identity.value, signerOptions, host);
  if (!signer.ok) return report(io, signer.errors, signer.warnings);
  const bytes = new Uint8Array(readFileSync(input));
  const ext = extname(input).toLowerCase();
  const isDocx = ext === '.docx' || ext === '.docm' || ext === '.dotx';
  let job: SignJob;
  if (isDocx) {
    const pdfOnly = ['level', 'tsa', 'visible', 'image', 'certify', 'lock', 'pkcs7', 'audit-trail', 'online'].filter((f) => flags[f] !== undefined && f !== 'level');
    if (pdfOnly.length > 0 || (flags.level && flags.level !== 'B-B')) return usage(io, `--${pdfOnly[0] ?? 'level'} applies to PDF signing only.`);
    job = { identity: identity.value, signerOptions, to: 'docx', ...(parsed.reason ? { docxComments: parsed.reason } : {}) };
  } else {
    let auditTrail: AuditTrail | undefined;
    if (flags['audit-trail']) {
      const trail = readAuditTrailFile(String(flags['audit-trail']));
      if (!trail.ok) return report(io, trail.errors, trail.warnings);
      auditTrail = trail.value;
    }
    job = { identity: identity.value, signerOptions, to: 'pdf', ...pdfJob(parsed), ...(auditTrail ? { auditTrail } : {}) };
  }
  const run = await runBounded<Result<SignOutput>>(limits.value, (api, j) => api.sign(Comlink.transfer(bytes, [bytes.buffer]), job, j));
  if (!run.ok) {
    io.stderr(`colophon sign: ${run.message}\n`);
    return EXIT.failed;
  }
  const result = run.value;
  if (!result.ok) return report(io, result.errors, result.warnings);
  writeFileSync(output, result.value.document);
  const name = signer.value.certificate.commonName;
  if (isDocx) {
    io.stdout(`Signed ${input} -> ${output} (OOXML package signature, signer ${name})\n`);
    return EXIT.ok;
  }
  for (const w of result.warnings) io.stderr(`warning ${w.code}: ${w.message}\n`);
  io.stdout(`Signed ${input} -> ${output} (${parsed.level ?? 'B-B'}, signer ${name})\n`);
  return EXIT.ok;
};

/**
 * The PDF part of a worker sign job from the flags' options: the time-stamp authority as a URL and
 * online revocation as `allowOnline`, which the worker serves with its own fetch (functions do not
 * cross to a worker).
 */
function pdfJob(parsed: Omit<SignPdfOptions, 'signer'>): Pick<SignJob, 'pdf' | 'tsa'> {
  const { timestamp, validation, auditTrail: _trail, ...pdf } = parsed;
  const { fetch: _fetch, ...offline } = validation ?? {};
  return { pdf: { ...pdf, ...(validation ? { validation: offline } : {}) }, ...(timestamp ? { tsa: { url: timestamp.url, ...(timestamp.headers ? { headers: timestamp.headers } : {}) } } : {}) };
}

function usage(io: CliIo, message: string): number {
  io.stderr(`colophon sign: ${message}\n\n${HELP}`);
  return EXIT.usage;
}

function report(io: CliIo, errors: readonly Diagnostic[], warnings: readonly Diagnostic[]): number {
  for (const w of warnings) io.stderr(`warning ${w.code}: ${w.message}\n`);
  for (const e of errors) io.stderr(`error ${e.code}: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}\n`);
  return EXIT.failed;
}

/** Turns the flags into signPdf options (without the signer); returns an error text on bad input. */
export function signOptionsFromFlags(flags: Flags): Omit<SignPdfOptions, 'signer'> | string {
  const level = (flags.level as string | undefined) ?? 'B-B';
  if (!['B-B', 'B-T', 'B-LT', 'B-LTA'].includes(level)) return `--level must be B-B, B-T, B-LT or B-LTA (got '${level}').`;
  const tsaUrl = flags.tsa as string | undefined;
  if ((level === 'B-T' || level === 'B-LTA') && !tsaUrl) return `--level ${level} needs --tsa URL.`;
  if (flags.online && level !== 'B-LT' && level !== 'B-LTA') return '--online fetches revocation data for --level B-LT or B-LTA only.';
  const certify = flags.certify as string | undefined;
  if (certify && !['1', '2', '3'].includes(certify)) return `--certify must be 1, 2 or 3 (got '${certify}').`;
  let visible: VisibleSignature | undefined;
  if (flags.visible) {
    const v = String(flags.visible).split(',').map(Number);
    if (v.length !== 5 || v.some((x) => !Number.isFinite(x)) || v[0]! < 1 || v[3]! <= 0 || v[4]! <= 0) return '--visible must be page,x,y,w,h with a page number from 1 and a positive size.';
    visible = { page: v[0]!, rect: [v[1]!, v[2]!, v[3]!, v[4]!], ...(flags.image ? { image: new Uint8Array(readFileSync(String(flags.image))) } : {}) };
  } else if (flags.image) return '--image needs --visible.';
  const lock = parseLock(flags.lock as string | undefined);
  if (typeof lock === 'string') return lock;
  const tsa: TsaOptions | undefined = tsaUrl ? { url: tsaUrl, fetch: (url, init) => fetch(url, init) } : undefined;
  const list = (k: string): Uint8Array[] => ((flags[k] as string[] | undefined) ?? []).flatMap((f) => readDerOrPem(f));
  return {
    level: level as PadesLevel,
    ...(tsa ? { timestamp: tsa } : {}),
    ...(visible ? { visible } : {}),
    ...(certify ? { certify: Number(certify) as 1 | 2 | 3 } : {}),
    ...(lock ? { lock } : {}),
    ...(flags.pkcs7 ? { subFilter: 'adbe.pkcs7.detached' as const } : {}),
    ...text(flags, { reason: 'reason', location: 'location', contactInfo: 'contact', signerName: 'name', fieldName: 'field' }),
    validation: { certificates: list('cert'), ocsps: list('ocsp'), crls: list('crl'), ...(flags.online ? { allowOnline: true, fetch: (url, init) => fetch(url, init) } : {}) },
  };
}

function text(flags: Flags, map: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, f] of Object.entries(map)) if (typeof flags[f] === 'string') out[k] = flags[f] as string;
  return out;
}

function parseLock(spec: string | undefined): SignPdfOptions['lock'] | string | undefined {
  if (!spec) return undefined;
  if (spec === 'all') return { action: 'All' };
  const m = /^(include|exclude):(.+)$/.exec(spec);
  if (!m) return "--lock must be 'all', 'include:a,b' or 'exclude:a,b'.";
  return { action: m[1] === 'include' ? 'Include' : 'Exclude', fields: m[2]!.split(',') };
}

function readDerOrPem(path: string): Uint8Array[] {
  const b = new Uint8Array(readFileSync(path));
  const head = new TextDecoder().decode(b.subarray(0, 64));
  return head.includes('-----BEGIN') ? decodePem(new TextDecoder().decode(b)).map((p) => p.der) : [b];
}

function signerOptionsOf(flags: Flags): SignerOptions {
  const digest = flags.digest as DigestName | undefined;
  return { ...(flags.pss ? { rsaPadding: 'pss' as const } : {}), ...(digest ? { digest } : {}) };
}

/** The signing key the flags name, as plain data a worker can receive. */
async function loadIdentity(flags: Flags, host: EngineHost): Promise<Result<SigningIdentity>> {
  const digest = flags.digest as DigestName | undefined;
  if (digest && !['SHA-256', 'SHA-384', 'SHA-512'].includes(digest)) return fail(error('sign/bad-digest', `--digest must be SHA-256, SHA-384 or SHA-512 (got '${digest}').`));
  if (flags.p12) {
    const password = (flags.password as string | undefined) ?? process.env.COLOPHON_SIGN_PASSWORD ?? '';
    return ok({ kind: 'pkcs12', data: new Uint8Array(readFileSync(String(flags.p12))), password });
  }
  if (flags.pem) {
    const password = flags['key-password'] as string | undefined;
    return ok({ kind: 'pem', pem: readFileSync(String(flags.pem), 'utf8'), ...(password !== undefined ? { password } : {}) });
  }
  if (flags.dev) {
    const id = await loadOrCreateDevIdentity((flags['data-dir'] as string | undefined) ?? defaultDataDir(), host);
    return id.ok ? ok(devSigningIdentity(id.value)) : id;
  }
  return fail(error('sign/no-key', 'No signing key: give --p12 FILE, --pem FILE or --dev.'));
}

function readAuditTrailFile(path: string): Result<AuditTrail> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return fail(error('sign/audit-bad-json', `${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`));
  }
  if (typeof json !== 'object' || json === null) return fail(error('sign/audit-bad-json', `${path} must hold a JSON object.`));
  return readAuditTrail(json as Record<string, unknown>);
}
