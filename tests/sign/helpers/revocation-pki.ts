/**
 * A root → intermediate → signer PKI made with openssl, whose certificates name a local revocation
 * server on 127.0.0.1: the signer's authorityInfoAccess points at an OCSP responder (node:http
 * around `openssl ocsp -reqin`, signed by the intermediate) and its CRL distribution point at the
 * intermediate's CRL; the intermediate names only a CRL (signed by the root). The server can be
 * switched to fail, time out or answer with wrong data, and it counts requests.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { requireTool, tempDir } from './make-pdf';

/** How the server answers. */
export type ServerMode = 'normal' | 'ocsp-down' | 'all-down' | 'ocsp-garbage' | 'ocsp-foreign' | 'hang';

/** The PKI and its running revocation server. */
export interface RevocationPki {
  readonly dir: string;
  readonly rootPem: string;
  readonly intermediatePem: string;
  readonly leafPem: string;
  /** Signer certificate, intermediate, root and the signer's key (PKCS#8) in one PEM text. */
  readonly signerPem: string;
  /** Path of `signerPem` written to disk (for the CLI). */
  readonly signerPemPath: string;
  readonly ocspUrl: string;
  readonly leafCrlUrl: string;
  readonly intermediateCrlUrl: string;
  /** The CRL the server gives for the intermediate (DER). */
  readonly intermediateCrl: Uint8Array;
  /** Requests served, as `METHOD /path`. */
  readonly requests: string[];
  mode: ServerMode;
  /** Marks the signer certificate revoked (from now on) in the responder's database. */
  revokeLeaf(): void;
  close(): Promise<void>;
}

function openssl(dir: string, args: string[]): string {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const LEAF_SERIAL = '1001';
const INTERMEDIATE_SERIAL = '2002';

function stamp(d: Date): string {
  return `${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`;
}

/** A CRL (DER) issued by `ca` listing the given index.txt lines. */
function makeCrl(dir: string, ca: 'root' | 'int', index: string): Uint8Array {
  writeFileSync(join(dir, `${ca}-crl-index.txt`), index);
  writeFileSync(join(dir, `${ca}-crlnumber`), '01\n');
  writeFileSync(join(dir, `${ca}-ca.cnf`), `[ ca ]\ndefault_ca = t\n[ t ]\ndatabase = ${dir}/${ca}-crl-index.txt\ncrlnumber = ${dir}/${ca}-crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\n`);
  openssl(dir, ['ca', '-gencrl', '-config', `${ca}-ca.cnf`, '-keyfile', `${ca}.key`, '-cert', `${ca}.crt`, '-out', `${ca}.crl.pem`]);
  openssl(dir, ['crl', '-in', `${ca}.crl.pem`, '-outform', 'DER', '-out', `${ca}.crl`]);
  return new Uint8Array(readFileSync(join(dir, `${ca}.crl`)));
}

function issue(dir: string, name: string, cn: string, ca: string, serial: string, ext: string): void {
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`]);
  openssl(dir, ['req', '-new', '-key', `${name}.key`, '-subj', `/O=Colophon Test/CN=${cn}`, '-out', `${name}.csr`]);
  writeFileSync(join(dir, `${name}.ext`), ext);
  openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-set_serial', `0x${serial}`, '-days', '30', '-sha256', '-extfile', `${name}.ext`, '-out', `${name}.crt`]);
}

/** Answers one OCSP request with `openssl ocsp` as the intermediate CA. */
function answerOcsp(dir: string, request: Buffer, n: number, foreign: boolean): Buffer {
  writeFileSync(join(dir, `ocsp-req-${n}.der`), request);
  // "foreign": the right format, but signed by the root for the root's own database — not for this signer's issuer.
  const signer = foreign ? ['-rsigner', 'root.crt', '-rkey', 'root.key', '-CA', 'root.crt'] : ['-rsigner', 'int.crt', '-rkey', 'int.key', '-CA', 'int.crt'];
  openssl(dir, ['ocsp', '-index', 'ocsp-index.txt', ...signer, '-reqin', `ocsp-req-${n}.der`, '-respout', `ocsp-resp-${n}.der`, '-ndays', '1']);
  return readFileSync(join(dir, `ocsp-resp-${n}.der`));
}

function serve(pki: { dir: string; mode: ServerMode; requests: string[]; leafCrl: Uint8Array; intermediateCrl: Uint8Array }): Server {
  let n = 0;
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pki.requests.push(`${req.method} ${req.url}`);
      if (pki.mode === 'hang') return; // never answers: the client's timeout must end the wait
      const down = pki.mode === 'all-down' || (pki.mode === 'ocsp-down' && req.url === '/ocsp');
      if (down) return void res.writeHead(503).end('unavailable');
      if (req.method === 'POST' && req.url === '/ocsp') {
        if (pki.mode === 'ocsp-garbage') return void res.writeHead(200, { 'Content-Type': 'application/ocsp-response' }).end(Buffer.from('<html>not ocsp</html>'));
        const body = answerOcsp(pki.dir, Buffer.concat(chunks), ++n, pki.mode === 'ocsp-foreign');
        return void res.writeHead(200, { 'Content-Type': 'application/ocsp-response' }).end(body);
      }
      if (req.method === 'GET' && req.url === '/leaf.crl') return void res.writeHead(200, { 'Content-Type': 'application/pkix-crl' }).end(pki.leafCrl);
      if (req.method === 'GET' && req.url === '/int.crl') return void res.writeHead(200, { 'Content-Type': 'application/pkix-crl' }).end(pki.intermediateCrl);
      res.writeHead(404).end();
    });
  });
}

/** Creates the PKI in a temporary directory and starts its revocation server. */
export async function startRevocationPki(): Promise<RevocationPki> {
  requireTool('openssl', 'openssl');
  const dir = tempDir('colophon-revocation-pki-');
  const state = { dir, mode: 'normal' as ServerMode, requests: [] as string[], leafCrl: new Uint8Array() as Uint8Array, intermediateCrl: new Uint8Array() as Uint8Array };
  const server = serve(state);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'root.key']);
  openssl(dir, ['req', '-x509', '-new', '-key', 'root.key', '-subj', '/O=Colophon Test/CN=Revocation Root', '-days', '60', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', 'root.crt']);
  issue(dir, 'int', 'Revocation Intermediate', 'root', INTERMEDIATE_SERIAL, `basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\ncrlDistributionPoints=URI:${base}/int.crl\n`);
  issue(dir, 'leaf', 'Online Signer', 'int', LEAF_SERIAL, `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nauthorityInfoAccess=OCSP;URI:${base}/ocsp\ncrlDistributionPoints=URI:${base}/leaf.crl\n`);
  writeFileSync(join(dir, 'ocsp-index.txt'), `V\t351231235959Z\t\t${LEAF_SERIAL}\tunknown\t/O=Colophon Test/CN=Online Signer\n`);
  state.leafCrl = makeCrl(dir, 'int', '');
  state.intermediateCrl = makeCrl(dir, 'root', '');
  const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
  const signerPem = read('leaf.crt') + read('int.crt') + read('root.crt') + read('leaf.key');
  const signerPemPath = join(dir, 'signer.pem');
  writeFileSync(signerPemPath, signerPem);
  return {
    dir,
    rootPem: read('root.crt'),
    intermediatePem: read('int.crt'),
    leafPem: read('leaf.crt'),
    signerPem,
    signerPemPath,
    ocspUrl: `${base}/ocsp`,
    leafCrlUrl: `${base}/leaf.crl`,
    intermediateCrlUrl: `${base}/int.crl`,
    intermediateCrl: state.intermediateCrl,
    requests: state.requests,
    get mode() {
      return state.mode;
    },
    set mode(m: ServerMode) {
      state.mode = m;
    },
    revokeLeaf() {
      const line = `R\t351231235959Z\t${stamp(new Date(Date.now() - 60_000))}\t${LEAF_SERIAL}\tunknown\t/O=Colophon Test/CN=Online Signer\n`;
      writeFileSync(join(dir, 'ocsp-index.txt'), line);
      state.leafCrl = makeCrl(dir, 'int', line);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
