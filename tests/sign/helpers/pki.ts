/**
 * A throw-away test PKI made with the openssl CLI: a root CA, RSA / P-256 / P-384 signers, and a
 * time-stamping authority, plus a local RFC 3161 server (`openssl ts -reply` behind node:http).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { requireTool, tempDir } from './make-pdf';

/** Paths and PEM texts of one identity. */
export interface TestIdentity {
  readonly keyPath: string;
  readonly certPath: string;
  /** Certificate + key (unencrypted PKCS#8) in one PEM text. */
  readonly pem: string;
  readonly p12Path: string;
  readonly p12Password: string;
  readonly certPem: string;
}

/** The whole test PKI. */
export interface TestPki {
  readonly dir: string;
  readonly caCertPath: string;
  readonly caCertPem: string;
  readonly caKeyPath: string;
  readonly rsa: TestIdentity;
  readonly p256: TestIdentity;
  readonly p384: TestIdentity;
  readonly tsa: TestIdentity;
  readonly tsaConfigPath: string;
}

function openssl(args: string[], cwd: string): void {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr}`);
}

function issue(dir: string, name: string, keyArgs: string[], ext: string, cn: string): TestIdentity {
  const keyPath = join(dir, `${name}.key`);
  const certPath = join(dir, `${name}.crt`);
  openssl(['genpkey', ...keyArgs, '-out', keyPath], dir);
  openssl(['req', '-new', '-key', keyPath, '-subj', `/C=BE/O=Colophon Test/CN=${cn}/emailAddress=${name}@example.test`, '-out', join(dir, `${name}.csr`)], dir);
  writeFileSync(join(dir, `${name}.ext`), ext);
  openssl(['x509', '-req', '-in', join(dir, `${name}.csr`), '-CA', 'ca.crt', '-CAkey', 'ca.key', '-set_serial', String(1000 + name.length * 7 + name.charCodeAt(0)), '-days', '3650', '-sha256', '-extfile', join(dir, `${name}.ext`), '-out', certPath], dir);
  const p12Path = join(dir, `${name}.p12`);
  openssl(['pkcs12', '-export', '-inkey', keyPath, '-in', certPath, '-certfile', 'ca.crt', '-passout', 'pass:secret', '-out', p12Path], dir);
  const certPem = readFileSync(certPath, 'utf8');
  return { keyPath, certPath, certPem, pem: certPem + readFileSync(join(dir, 'ca.crt'), 'utf8') + readFileSync(keyPath, 'utf8'), p12Path, p12Password: 'secret' };
}

let cached: TestPki | undefined;

/** Creates (once per process) the test PKI in a temporary directory. */
export function makeTestPki(): TestPki {
  if (cached) return cached;
  requireTool('openssl', 'openssl');
  const dir = tempDir('colophon-pki-');
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'ca.key'], dir);
  openssl(['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/C=BE/O=Colophon Test/CN=Colophon Test Root', '-days', '3650', '-sha256', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', 'ca.crt'], dir);
  const leafExt = 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n';
  const rsa = issue(dir, 'rsa', ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], leafExt, 'RSA Signer');
  const p256 = issue(dir, 'p256', ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'], leafExt, 'P-256 Signer');
  const p384 = issue(dir, 'p384', ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-384'], leafExt, 'P-384 Signer');
  const tsa = issue(dir, 'tsa', ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n', 'Test TSA');
  writeFileSync(join(dir, 'tsaserial'), '01\n');
  const tsaConfigPath = join(dir, 'tsa.cnf');
  writeFileSync(
    tsaConfigPath,
    `[ tsa ]\ndefault_tsa = tsa_config1\n[ tsa_config1 ]\ndir = ${dir}\nserial = $dir/tsaserial\ncrypto_device = builtin\nsigner_cert = $dir/tsa.crt\ncerts = $dir/ca.crt\nsigner_key = $dir/tsa.key\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\nother_policies = 1.2.3.4.5\ndigests = sha1, sha256, sha384, sha512\naccuracy = secs:1\nordering = yes\ntsa_name = yes\ness_cert_id_chain = no\ness_cert_id_alg = sha256\n`,
  );
  cached = { dir, caCertPath: join(dir, 'ca.crt'), caCertPem: readFileSync(join(dir, 'ca.crt'), 'utf8'), caKeyPath: join(dir, 'ca.key'), rsa, p256, p384, tsa, tsaConfigPath };
  return cached;
}

/** A running local TSA. */
export interface LocalTsa {
  readonly url: string;
  /** Number of requests served. */
  requests: number;
  close(): Promise<void>;
}

/** Starts an RFC 3161 server on localhost that answers with `openssl ts -reply`. */
export async function startLocalTsa(pki: TestPki): Promise<LocalTsa> {
  let n = 0;
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = ++n;
      const q = join(pki.dir, `req-${id}.tsq`);
      const r = join(pki.dir, `resp-${id}.tsr`);
      writeFileSync(q, Buffer.concat(chunks));
      const out = spawnSync('openssl', ['ts', '-reply', '-config', pki.tsaConfigPath, '-queryfile', q, '-out', r], { encoding: 'utf8' });
      state.requests++;
      if (out.status !== 0) {
        res.writeHead(500).end(out.stderr);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(readFileSync(r));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    get requests() {
      return state.requests;
    },
    set requests(v: number) {
      state.requests = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A CRL (DER) from the test root, empty, made with `openssl ca -gencrl`. */
export function makeTestCrl(pki: TestPki): Uint8Array {
  const cfg = join(pki.dir, 'ca.cnf');
  writeFileSync(join(pki.dir, 'index.txt'), '');
  writeFileSync(join(pki.dir, 'crlnumber'), '01\n');
  writeFileSync(cfg, `[ ca ]\ndefault_ca = test\n[ test ]\ndatabase = ${pki.dir}/index.txt\ncrlnumber = ${pki.dir}/crlnumber\ndefault_md = sha256\ndefault_crl_days = 30\n`);
  openssl(['ca', '-gencrl', '-config', cfg, '-keyfile', pki.caKeyPath, '-cert', pki.caCertPath, '-out', 'crl.pem'], pki.dir);
  openssl(['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der'], pki.dir);
  return new Uint8Array(readFileSync(join(pki.dir, 'crl.der')));
}

/** An OCSP response (DER) from the test root saying the RSA signer is good, made with `openssl ocsp`. */
export function makeTestOcsp(pki: TestPki): Uint8Array {
  const serial = spawnSync('openssl', ['x509', '-in', pki.rsa.certPath, '-noout', '-serial'], { encoding: 'utf8' }).stdout.trim().split('=')[1]!;
  writeFileSync(join(pki.dir, 'ocsp-index.txt'), `V\t351231235959Z\t\t${serial}\tunknown\t/C=BE/O=Colophon Test/CN=RSA Signer\n`);
  openssl(['ocsp', '-issuer', pki.caCertPath, '-cert', pki.rsa.certPath, '-no_nonce', '-reqout', 'ocsp-req.der'], pki.dir);
  openssl(['ocsp', '-index', 'ocsp-index.txt', '-rsigner', pki.caCertPath, '-rkey', pki.caKeyPath, '-CA', pki.caCertPath, '-reqin', 'ocsp-req.der', '-respout', 'ocsp-resp.der'], pki.dir);
  return new Uint8Array(readFileSync(join(pki.dir, 'ocsp-resp.der')));
}
