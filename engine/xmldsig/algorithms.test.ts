import { describe, expect, it } from 'vitest';
import { digestOfUri, digestUri, signatureMethodOf, signatureMethodUri } from './algorithms';

describe('XML-DSig algorithm URIs', () => {
  it('maps digests both ways, and names no digest for what WebCrypto lacks', () => {
    for (const d of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'] as const) expect(digestOfUri(digestUri(d))).toBe(d);
    expect(digestUri('SHA-256')).toBe('http://www.w3.org/2001/04/xmlenc#sha256');
    expect(digestOfUri('http://www.w3.org/2001/04/xmldsig-more#md5')).toBeUndefined();
    expect(digestOfUri(undefined)).toBeUndefined();
  });

  it('writes the signature method the checker reads back (RFC 6931 §2.3)', () => {
    expect(signatureMethodUri('rsa-pkcs1', 'SHA-256')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(signatureMethodUri('ecdsa', 'SHA-384')).toBe('http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384');
    for (const scheme of ['rsa-pkcs1', 'ecdsa', 'rsa-pss'] as const) {
      for (const d of ['SHA-256', 'SHA-384', 'SHA-512'] as const) expect(signatureMethodOf(signatureMethodUri(scheme, d))).toMatchObject({ kind: scheme, hash: d });
    }
    expect(signatureMethodOf('urn:unknown')).toEqual({ kind: 'unsupported', name: 'signature method urn:unknown' });
  });
});
