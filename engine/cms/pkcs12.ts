/**
 * PKCS#12 reading (RFC 7292): PFX → MAC check (§5.2, Appendix B) → AuthenticatedSafe → SafeBags,
 * giving the private key (PKCS#8) and certificates. Handles legacy RC2/3DES files, PBES2/AES files,
 * BER indefinite lengths as Java writes them, and both encodings of the empty password.
 */
import { abort, DiagnosticError, fail, ok } from '../core';
import type { Result } from '../core';
import type { Asn1 } from './der-read';
import { children, content, encoding, expectTag, parseDer, readNode, readOctets, readOid, readSmallInt } from './der-read';
import type { CertificateInfo } from './certificate';
import { buildChain, bytesEqual, parseCertificate } from './certificate';
import { decryptPbe, encodePassword, kdfHash, pkcs12Kdf } from './pbe';
import type { Password } from './pbe';
import { OID } from './oids';
import { bufferSource } from './buffer-source';

/** What a PKCS#12 file holds. */
export interface Pkcs12Contents {
  /** The private key as PKCS#8 PrivateKeyInfo DER. */
  readonly privateKey: Uint8Array;
  /** The certificate matching the key. */
  readonly certificate: CertificateInfo;
  /** Issuers of that certificate found in the file, nearest first. */
  readonly chain: readonly CertificateInfo[];
  /** Every certificate in the file. */
  readonly allCertificates: readonly CertificateInfo[];
}

interface Bags {
  keys: Array<{ pkcs8: Uint8Array; localKeyId?: Uint8Array }>;
  certs: Array<{ der: Uint8Array; localKeyId?: Uint8Array }>;
}

/** Reads a PKCS#12 file with a password; wrong passwords give `cms/pkcs12-bad-password`. */
export async function readPkcs12(bytes: Uint8Array, password: string, subtle: SubtleCrypto): Promise<Result<Pkcs12Contents>> {
  try {
    const pfx = children(expectTag(readNode(bytes, 0), 0x30, 'PFX'));
    if (readSmallInt(pfx[0]!) !== 3) abort('cms/pkcs12-version', 'Only PKCS#12 version 3 files are supported.');
    const authSafe = dataContent(pfx[1]!);
    const pw = await pickPassword(password, authSafe, pfx[2], subtle);
    const bags: Bags = { keys: [], certs: [] };
    for (const ci of children(parseDer(authSafe))) await readContentInfo(ci, pw, subtle, bags);
    return ok(assemble(bags));
  } catch (e) {
    if (e instanceof DiagnosticError) return fail(e.diagnostic);
    throw e;
  }
}

/** The octets of a ContentInfo of type data (RFC 5652 §4). */
function dataContent(ci: Asn1): Uint8Array {
  const [type, wrapped] = children(ci);
  if (readOid(type!) !== OID.data) abort('cms/pkcs12-unsupported', 'Public-key-protected PKCS#12 files are not supported.');
  return readOctets(children(wrapped!)[0]!);
}

async function pickPassword(password: string, authSafe: Uint8Array, macData: Asn1 | undefined, subtle: SubtleCrypto): Promise<Password> {
  const candidates = password === '' ? [encodePassword('', false), encodePassword('', true)] : [encodePassword(password)];
  if (!macData) return candidates[0]!;
  for (const pw of candidates) if (await macMatches(macData, authSafe, pw, subtle)) return pw;
  return abort('cms/pkcs12-bad-password', 'The PKCS#12 password is wrong (the integrity check failed).', { hint: 'Check the password given with --password.' });
}

async function macMatches(macData: Asn1, authSafe: Uint8Array, pw: Password, subtle: SubtleCrypto): Promise<boolean> {
  const [mac, saltNode, iterNode] = children(macData);
  const [alg, digest] = children(mac!);
  const digestOid = readOid(children(alg!)[0]!);
  const h = kdfHash(digestOid);
  const iterations = iterNode ? readSmallInt(iterNode) : 1;
  const key = pkcs12Kdf(h, pw.bmp, content(saltNode!), iterations, 3, h.u);
  const hashName = digestOid === OID.sha1 ? 'SHA-1' : 'SHA-256';
  const k = await subtle.importKey('raw', bufferSource(key), { name: 'HMAC', hash: hashName }, false, ['sign']);
  const got = new Uint8Array(await subtle.sign('HMAC', k, bufferSource(authSafe)));
  return bytesEqual(got, content(digest!));
}

async function readContentInfo(ci: Asn1, pw: Password, subtle: SubtleCrypto, bags: Bags): Promise<void> {
  const [type, wrapped] = children(ci);
  const t = readOid(type!);
  if (t === OID.data) return readSafeContents(readOctets(children(wrapped!)[0]!), pw, subtle, bags);
  if (t !== OID.encryptedData) abort('cms/pkcs12-unsupported', `PKCS#12 content type ${t} is not supported.`);
  // EncryptedData (RFC 5652 §8): version, EncryptedContentInfo { type, algorithm, [0] IMPLICIT content }.
  const ed = children(children(wrapped!)[0]!);
  const [, alg, enc] = children(ed[1]!);
  if (!enc) return;
  const plain = await decryptPbe(alg!, readOctets(enc), pw, subtle);
  return readSafeContents(plain, pw, subtle, bags);
}

async function readSafeContents(der: Uint8Array, pw: Password, subtle: SubtleCrypto, bags: Bags): Promise<void> {
  for (const bag of children(parseDer(der))) {
    const [idNode, valueWrap, attrs] = children(bag);
    const id = readOid(idNode!);
    const value = children(valueWrap!)[0]!;
    const localKeyId = attrs ? findLocalKeyId(attrs) : undefined;
    const extra = localKeyId ? { localKeyId } : {};
    if (id === OID.keyBag) bags.keys.push({ pkcs8: encoding(value), ...extra });
    else if (id === OID.pkcs8ShroudedKeyBag) {
      const [alg, data] = children(value);
      bags.keys.push({ pkcs8: await decryptPbe(alg!, readOctets(data!), pw, subtle), ...extra });
    } else if (id === OID.certBag) {
      const [certType, certValue] = children(value);
      if (readOid(certType!) === OID.x509Certificate) bags.certs.push({ der: readOctets(children(certValue!)[0]!), ...extra });
    }
  }
}

function findLocalKeyId(attrs: Asn1): Uint8Array | undefined {
  for (const a of children(attrs)) {
    const [t, values] = children(a);
    if (readOid(t!) === OID.localKeyId) return readOctets(children(values!)[0]!);
  }
  return undefined;
}

function assemble(bags: Bags): Pkcs12Contents {
  const key = bags.keys[0];
  if (!key) abort('cms/pkcs12-no-key', 'The PKCS#12 file holds no private key.');
  const all = bags.certs.map((c) => parseCertificate(c.der));
  if (all.length === 0) abort('cms/pkcs12-no-certificate', 'The PKCS#12 file holds no certificate.');
  let leafIndex = key.localKeyId ? bags.certs.findIndex((c) => c.localKeyId && bytesEqual(c.localKeyId, key.localKeyId!)) : -1;
  if (leafIndex < 0) leafIndex = all.findIndex((c) => keyMatchesCertificate(key.pkcs8, c));
  if (leafIndex < 0) leafIndex = all.findIndex((c) => !all.some((o) => o !== c && bytesEqual(o.issuerDer, c.subjectDer)));
  const certificate = all[Math.max(0, leafIndex)]!;
  const chain = buildChain(certificate, all).slice(1);
  return { privateKey: key.pkcs8, certificate, chain, allCertificates: all };
}

/** True when a PKCS#8 RSA key's modulus equals the certificate's (other key kinds: undefined → false). */
export function keyMatchesCertificate(pkcs8: Uint8Array, cert: CertificateInfo): boolean {
  try {
    const [, alg, keyOctets] = children(parseDer(pkcs8));
    if (readOid(children(alg!)[0]!) !== OID.rsaEncryption) return false;
    const rsa = children(parseDer(content(keyOctets!)));
    const modulus = content(rsa[1]!);
    const spki = children(parseDer(cert.spkiDer));
    const pub = children(parseDer(content(spki[1]!).subarray(1)));
    return bytesEqual(content(pub[0]!), modulus);
  } catch (e) {
    if (e instanceof DiagnosticError) return false;
    throw e;
  }
}
