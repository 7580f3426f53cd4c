/**
 * Hostile input: mutated signed PDFs and DOCX packages (byte flips, truncation, insertions, spliced
 * regions) and hand-made attacks on the parser (huge /Contents, ByteRange loops and absurd values,
 * deep nesting of objects, DER and XML, reference cycles, many revisions). Every input must give a
 * verdict or "could not evaluate" with diagnostics — never an exception, never a hang.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { signDocx, signPdf } from '../../engine/sign';
import { verifyDocx, verifyPdf } from '../../engine/verify';
import type { VerificationReport } from '../../engine/verify';
import type { Result } from '../../engine/core';
import { makeDocx } from '../helpers/make-docx';
import { makePdf } from '../sign/helpers/make-pdf';
import { makeTestPki } from '../sign/helpers/pki';
import { host, signerOf } from './helpers';
import { readZipEntries, writeZipEntries } from './zip-helpers';

/** The time one verification may take on hostile input. */
const BOUND_MS = 5_000;

let pdf: Uint8Array;
let docx: Uint8Array;
beforeAll(async () => {
  const signer = await signerOf(makeTestPki().rsa);
  const once = await signPdf(await makePdf({ pages: 2 }), { signer, reason: 'robustness' }, host);
  if (!once.ok) throw new Error('sign');
  const twice = await signPdf(once.value, { signer, subFilter: 'adbe.pkcs7.detached' }, host);
  if (!twice.ok) throw new Error('sign');
  pdf = twice.value;
  const d = await signDocx(makeDocx('<w:p><w:r><w:t>robust</w:t></w:r></w:p>'), { signer }, host);
  if (!d.ok) throw new Error('sign docx');
  docx = d.value;
});

/** Runs a verification and checks the contract: a report or diagnostics, in bounded time. */
async function wellBehaved(run: () => Promise<Result<VerificationReport>>): Promise<Result<VerificationReport>> {
  const t = performance.now();
  const r = await run();
  expect(performance.now() - t).toBeLessThan(BOUND_MS);
  if (r.ok) {
    expect(typeof r.value.valid).toBe('boolean');
    if (!r.value.valid) expect(r.value.reason ?? '').not.toBe('');
    for (const s of r.value.signatures) expect(['TOTAL_PASSED', 'INDETERMINATE', 'TOTAL_FAILED']).toContain(s.indication);
    expect(() => JSON.stringify(r.value)).not.toThrow();
  } else {
    expect(r.errors.length).toBeGreaterThan(0);
    for (const e of r.errors) expect(e.code).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
  }
  return r;
}

type Mutation = { kind: 'flip'; at: number[]; value: number[] } | { kind: 'truncate'; at: number } | { kind: 'insert'; at: number; bytes: number[] } | { kind: 'splice'; from: number; to: number; at: number };

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.array(fc.nat(), { minLength: 1, maxLength: 16 }), value: fc.array(fc.nat(255), { minLength: 16, maxLength: 16 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.array(fc.nat(255), { maxLength: 64 }) }),
  fc.record({ kind: fc.constant('splice' as const), from: fc.nat(), to: fc.nat(), at: fc.nat() }),
);

function mutate(input: Uint8Array, m: Mutation): Uint8Array {
  const n = input.length;
  if (m.kind === 'flip') {
    const out = new Uint8Array(input);
    m.at.forEach((a, i) => (out[a % n] = m.value[i]!));
    return out;
  }
  if (m.kind === 'truncate') return input.subarray(0, m.at % n);
  if (m.kind === 'insert') {
    const at = m.at % n;
    return new Uint8Array([...input.subarray(0, at), ...m.bytes, ...input.subarray(at)]);
  }
  const [a, b] = [m.from % n, m.to % n].sort((x, y) => x - y);
  const at = m.at % n;
  return new Uint8Array([...input.subarray(0, at), ...input.subarray(a!, Math.min(b!, a! + 4096)), ...input.subarray(at)]);
}

describe('mutated signed files', () => {
  it('PDF: every mutation gives a verdict or "could not evaluate"', async () => {
    let evaluated = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
        const r = await wellBehaved(() => verifyPdf(ms.reduce(mutate, pdf), {}, host));
        if (r.ok && r.value.signatures.length > 0) evaluated++;
      }),
      { numRuns: 150, seed: 7 },
    );
    // Most mutants still reach signature evaluation (damaged signatures are reported, not dropped;
    // truncations before the signing update legitimately leave an unsigned file).
    expect(evaluated).toBeGreaterThan(75);
  });

  it('PDF: a flipped byte inside a signed range is never reported as intact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), async (at, delta) => {
        const text = new TextDecoder('latin1').decode(pdf);
        const gap = text.lastIndexOf('/Contents <');
        const pos = at % gap;
        const out = new Uint8Array(pdf);
        out[pos] = (out[pos]! + delta) & 0xff;
        const r = await wellBehaved(() => verifyPdf(out, {}, host));
        if (r.ok) expect(r.value.valid).toBe(false);
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('DOCX: mutated parts and zip bytes give a verdict or "could not evaluate"', async () => {
    const parts = readZipEntries(docx);
    const names = [...parts.keys()];
    await fc.assert(
      fc.asyncProperty(fc.nat(), mutation, fc.boolean(), async (which, m, wholeZip) => {
        let input: Uint8Array;
        if (wholeZip) input = mutate(docx, m);
        else {
          const copy = new Map(parts);
          const name = names[which % names.length]!;
          copy.set(name, mutate(copy.get(name)!, m));
          input = writeZipEntries(copy);
        }
        const r = await wellBehaved(() => verifyDocx(input, {}, host));
        if (r.ok && !wholeZip && r.value.valid) expect(r.value.document.verdict).toBe('valid');
      }),
      { numRuns: 120, seed: 5 },
    );
  });
});

const enc = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A one-page PDF plus an update whose catalog has an AcroForm with the given signature dictionary. */
async function withSignature(sigDict: string, extra: Record<number, string> = {}): Promise<Uint8Array> {
  const base = await PDFDocument.create();
  base.addPage();
  const text = new TextDecoder('latin1').decode(await base.save({ useObjectStreams: false }));
  const objects: Record<number, string> = {
    900: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [901 0 R] /SigFlags 3 >> >>',
    901: '<< /FT /Sig /T (S) /V 902 0 R >>',
    902: sigDict,
    ...extra,
  };
  let body = `${text}\n`;
  const offsets: string[] = [];
  const nums = Object.keys(objects).map(Number).sort((a, b) => a - b);
  for (const n of nums) {
    offsets.push(`${n} 1\n${String(body.length).padStart(10, '0')} 00000 n \n`);
    body += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1];
  const xref = body.length;
  return enc(`${body}xref\n${offsets.join('')}trailer\n<< /Size 1000 /Root 900 0 R /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`);
}

/** Verifies a hand-made signature: it must be evaluated (a report) and must not be valid. */
async function rejected(bytes: Uint8Array): Promise<VerificationReport> {
  const r = await wellBehaved(() => verifyPdf(bytes, {}, host));
  if (!r.ok) throw new Error(`not evaluated: ${JSON.stringify(r.errors)}`);
  expect(r.value.signatures).toHaveLength(1);
  expect(r.value.valid).toBe(false);
  return r.value;
}

describe('damaged signatures are reported, not dropped', () => {
  it('a second signature whose dictionary no longer parses makes the document invalid (regression)', async () => {
    const text = new TextDecoder('latin1').decode(pdf);
    const at = text.lastIndexOf('/Contents <') + 20;
    const out = new Uint8Array(pdf);
    out[at] = 0x5a; // 'Z' is not a hex digit: the last signature dictionary becomes unreadable
    const r = await wellBehaved(() => verifyPdf(out, {}, host));
    if (!r.ok) throw new Error('not evaluated');
    expect(r.value.signatures).toHaveLength(2);
    expect(r.value).toMatchObject({ valid: false, document: { verdict: 'invalid-signature', unsignedSignatureFields: [] } });
    expect(r.value.signatures.find((s) => s.byteRange.issues.includes('verify/signature-unreadable'))!.reason).toMatch(/cannot be read/);
  });
});

describe('hostile constructions', () => {
  it('a huge /Contents (4 MB of signature bytes)', async () => {
    const r = await rejected(await withSignature(`<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <${'30'.repeat(4 * 1024 * 1024)}> >>`));
    expect(r.signatures[0]!.indication).toBe('TOTAL_FAILED');
  });

  it.each([
    ['looping ranges', '[0 100 0 100 0 100 0 100]'],
    ['absurd offsets', '[0 1000000000000000 2 9007199254740993]'],
    ['negative and real values', '[0 -5 10.5 3]'],
    ['a self-referencing ByteRange', '903 0 R'],
    ['no values', '[]'],
  ])('ByteRange with %s', async (_, br) => {
    const r = await rejected(await withSignature(`<< /Type /Sig /SubFilter /ETSI.CAdES.detached /ByteRange ${br} /Contents <3080> >>`, { 903: '903 0 R' }));
    expect(r.signatures[0]!.byteRange.issues.length).toBeGreaterThan(0);
  });

  it('deeply nested objects, DER and field trees', async () => {
    const deepDer = `${'3080'.repeat(3000)}${'0000'.repeat(3000)}`;
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const der = await rejected(await withSignature(`<< /Type /Sig /SubFilter /adbe.pkcs7.detached /ByteRange [0 1 2 3] /Contents <${deepDer}> >>`));
    expect(der.signatures[0]!.indication).toBe('TOTAL_FAILED');
    // An array nested beyond the parser's limit makes the signature dictionary unreadable.
    await wellBehaved(async () => verifyPdf(await withSignature(`<< /Type /Sig /ByteRange ${deepArray} /Contents <00> >>`), {}, host));
    const cyclic = await withSignature('<< /Type /Sig /ByteRange [0 1 2 3] /Contents <00> >>', { 901: '<< /FT /Sig /T (S) /V 902 0 R /Kids [904 0 R] >>', 904: '<< /Kids [904 0 R 901 0 R] /Parent 901 0 R >>' });
    await wellBehaved(() => verifyPdf(cyclic, {}, host));
  });

  it('tens of thousands of %%EOF markers and a /Prev chain that loops', async () => {
    const many = new Uint8Array([...pdf, ...enc('\n%%EOF'.repeat(40_000))]);
    await wellBehaved(() => verifyPdf(many, {}, host));
    const text = new TextDecoder('latin1').decode(pdf);
    const last = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
    const loop = enc(`${text}\ntrailer\n<< /Size 3 /Prev ${last} >>\nstartxref\n${text.length + 1}\n%%EOF\n`);
    await wellBehaved(() => verifyPdf(loop, {}, host));
  });

  it('a deeply nested signature XML part', async () => {
    const parts = readZipEntries(docx);
    const name = [...parts.keys()].find((n) => /_xmlsignatures\/sig\d+\.xml$/.test(n))!;
    parts.set(name, enc(`<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</Signature>`));
    const r = await wellBehaved(() => verifyDocx(writeZipEntries(parts), {}, host));
    expect(r.ok && r.value.valid).toBe(false);
  });

  it('random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.boolean(), async (b, asPdf) => {
        const input = asPdf ? new Uint8Array([...enc('%PDF-1.7\n'), ...b]) : new Uint8Array([0x50, 0x4b, 3, 4, ...b]);
        await wellBehaved(() => (asPdf ? verifyPdf(input, {}, host) : verifyDocx(input, {}, host)));
      }),
      { numRuns: 100, seed: 3 },
    );
  });
});
