/**
 * Verifies an OOXML signature part with xmlsec1 the way ../shared/corpus/docx-sign/README.md
 * describes: every package-part URI mapped to the extracted part, Ids registered, and the Manifest
 * reference counts checked (xmlsec1 says OK even when a Manifest reference fails).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openZip } from '../../../engine/zip';
import { requireTool, run, tempDir } from './make-pdf';

/** xmlsec1's verdict on one signature part. */
export interface XmlsecVerdict {
  readonly ok: boolean;
  readonly signedInfo: [number, number];
  readonly manifest: [number, number];
  readonly out: string;
}

/** Extracts the package and runs xmlsec1 --verify on `sigPart`. */
export function xmlsecVerify(docx: Uint8Array, sigPart: string, trustedPem?: string): XmlsecVerdict {
  requireTool('xmlsec1', 'xmlsec1');
  const dir = tempDir('colophon-xmlsec-');
  const zip = openZip(docx);
  const maps: string[] = [];
  for (const e of zip.entries) {
    if (e.name.endsWith('/')) continue;
    const path = join(dir, 'pkg', e.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, zip.read(e));
  }
  const sigText = Buffer.from(zip.read(sigPart)).toString('utf8');
  for (const m of sigText.matchAll(/URI="(\/[^"]+)"/g)) {
    const uri = m[1]!.replace(/&amp;/g, '&');
    maps.push(`--url-map:${uri}`, join(dir, 'pkg', uri.split('?')[0]!.slice(1)));
  }
  const args = [
    '--verify',
    ...(trustedPem ? ['--trusted-pem', trustedPem] : ['--insecure']),
    '--enabled-reference-uris', 'empty,same-doc,local,remote',
    '--id-attr:Id', 'Object', '--id-attr:Id', 'SignatureProperty', '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
    ...maps,
    join(dir, 'pkg', sigPart),
  ];
  const r = run('xmlsec1', args);
  const count = (label: string): [number, number] => {
    const m = new RegExp(`${label} \\(ok/all\\): (\\d+)/(\\d+)`).exec(r.out);
    return m ? [Number(m[1]), Number(m[2])] : [0, -1];
  };
  const signedInfo = count('SignedInfo References');
  const manifest = count('Manifests References');
  return { ok: r.status === 0 && r.out.includes('OK') && signedInfo[0] === signedInfo[1] && manifest[0] === manifest[1], signedInfo, manifest, out: r.out };
}
