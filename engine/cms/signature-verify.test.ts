import { describe, expect, it } from 'vitest';
import { OID, algorithmId, explicit, integer, seq } from './index';
import { algorithmLabel, resolveDigest, resolveSignatureAlgorithm } from './signature-verify';

describe('digest algorithms', () => {
  it('maps WebCrypto digests and names the ones it lacks', () => {
    expect(resolveDigest(OID.sha256)).toEqual({ digest: 'SHA-256' });
    expect(resolveDigest('2.16.840.1.101.3.4.2.8')).toEqual({ unsupported: 'SHA3-256' });
    expect(resolveDigest('1.2.3.4')).toEqual({ unsupported: 'digest 1.2.3.4' });
  });

  it('reports a signature algorithm in the digest slot as malformed (RFC 5652 §5.3)', () => {
    expect(resolveDigest(OID.sha256WithRSA)).toEqual({ notDigest: OID.sha256WithRSA });
  });
});

describe('signature algorithms', () => {
  it('resolves RSA, ECDSA (DER and plain), Ed25519', () => {
    expect(resolveSignatureAlgorithm(algorithmId(OID.rsaEncryption, null), 'SHA-512')).toEqual({ kind: 'rsa-pkcs1', hash: 'SHA-512' });
    expect(resolveSignatureAlgorithm(algorithmId(OID.sha384WithRSA, null), 'SHA-256')).toEqual({ kind: 'rsa-pkcs1', hash: 'SHA-384' });
    expect(resolveSignatureAlgorithm(algorithmId(OID.ecdsaWithSHA256), undefined)).toEqual({ kind: 'ecdsa', hash: 'SHA-256', raw: false });
    expect(resolveSignatureAlgorithm(algorithmId('0.4.0.127.0.7.1.1.4.1.3'), undefined)).toEqual({ kind: 'ecdsa', hash: 'SHA-256', raw: true });
    expect(resolveSignatureAlgorithm(algorithmId(OID.ed25519), 'SHA-512')).toEqual({ kind: 'ed25519' });
  });

  it('reads RSASSA-PSS parameters and defaults (RFC 4055 §3.1)', () => {
    const sha256 = algorithmId(OID.sha256);
    const params = seq(explicit(0, sha256), explicit(1, algorithmId(OID.mgf1, sha256)), explicit(2, integer(32)));
    expect(resolveSignatureAlgorithm(algorithmId(OID.rsassaPss, params), undefined)).toEqual({ kind: 'rsa-pss', hash: 'SHA-256', saltLength: 32 });
    expect(resolveSignatureAlgorithm(algorithmId(OID.rsassaPss, seq()), undefined)).toEqual({ kind: 'rsa-pss', hash: 'SHA-1', saltLength: 20 });
    const mixed = seq(explicit(0, sha256), explicit(1, algorithmId(OID.mgf1, algorithmId(OID.sha1))));
    expect(resolveSignatureAlgorithm(algorithmId(OID.rsassaPss, mixed), undefined).kind).toBe('unsupported');
  });

  it('names what WebCrypto cannot verify instead of guessing', () => {
    const a = resolveSignatureAlgorithm(algorithmId('1.3.101.113'), 'SHA-512');
    expect(a).toEqual({ kind: 'unsupported', name: 'Ed448' });
    expect(algorithmLabel(resolveSignatureAlgorithm(algorithmId('1.2.840.113549.1.1.14', null), undefined))).toBe('sha224WithRSAEncryption');
    expect(resolveSignatureAlgorithm(Uint8Array.of(0x30, 0x05, 0x01), undefined)).toEqual({ kind: 'unsupported', name: 'an unreadable signature algorithm' });
  });
});
