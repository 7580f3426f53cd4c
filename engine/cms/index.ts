/**
 * cms: ASN.1/DER and CMS (RFC 5652) shared by signing and verification — DER encode/decode,
 * certificates, SignedData building and reading, RFC 3161 time-stamps, PKCS#12 (incl. legacy RC2 and
 * 3DES) and PEM key loading, and signers over WebCrypto keys or remote callbacks.
 * In: bytes, certificates, keys, a SubtleCrypto. Out: DER structures and plain data.
 * Also: checking signatures with certificates (for verification, and for the OCSP responses and CRLs
 * that signing fetches), revocation verdicts from OCSP and CRLs, and fetching them for a chain.
 * Must not: know about PDF or DOCX, read files, or reach the network other than through a given fetch.
 */
export * from './der';
export { readNode, parseDer, children, content, encoding, expectTag, readOid, readSmallInt, readOctets, readString, readTime } from './der-read';
export type { Asn1 } from './der-read';
export { OID, NAME_LABELS } from './oids';
export { parseCertificate, formatName, nameAttribute, buildChain, bytesEqual } from './certificate';
export type { CertificateInfo, KeyKind } from './certificate';
export * from './algorithms';
export { decodePem, encodePem, decodeBase64, encodeBase64, pkcs1ToPkcs8, sec1ToPkcs8 } from './pem';
export type { PemBlock } from './pem';
export { readPkcs12, keyMatchesCertificate } from './pkcs12';
export type { Pkcs12Contents } from './pkcs12';
export { decryptPbe, encodePassword, pkcs12Kdf, MAX_KDF_ITERATIONS } from './pbe';
export type { Password } from './pbe';
export { tripleDesCbcDecrypt, tripleDesCbcEncrypt } from './des';
export { rc2CbcDecrypt, rc2ExpandKey, rc2EncryptBlock, rc2DecryptBlock } from './rc2';
export { sha1Sync, sha256Sync } from './hash-sync';
export { signerFromCryptoKey, signerFromCallback, signerFromPkcs12, signerFromPem, importSigningKey } from './signer';
export type { CmsSigner, SignerOptions, DigestSignerCallback } from './signer';
export { attribute, signingCertificateV2, buildSignedAttributes, signedAttributesForSigning, buildSignerInfo, buildSignedData } from './signed-data';
export type { SignedAttributesInput, SignerInfoInput, SignedDataInput } from './signed-data';
export { parseSignedData, findAttribute, attributeOctets } from './signed-data-read';
export type { ParsedSignedData, ParsedSignerInfo, ParsedAttribute } from './signed-data-read';
export { buildTimeStampRequest, parseTimeStampResponse, readTstInfo, requestTimestamp, requestTimestampForDigest, isDerSequence } from './timestamp';
export type { FetchLike, TsaOptions, TstInfo, TimestampContext } from './timestamp';
export { createDetachedCms, estimateDetachedCmsSize, TIMESTAMP_SIZE_HINT } from './detached';
export type { DetachedCmsOptions, CmsContext } from './detached';
export { bufferSource } from './buffer-source';
export { issueCertificate, encodeName } from './x509-build';
export type { IssueOptions, NameParts } from './x509-build';
export { resolveDigest, resolveSignatureAlgorithm, algorithmLabel, verifyWithCertificate, digestBytes, verifyIssuedBy } from './signature-verify';
export type { Digest, SignatureAlgorithm, CheckOutcome } from './signature-verify';
export { crlStatus, ocspStatus, revocationStatusOf } from './revocation-status';
export type { RevocationStatus } from './revocation-status';
export { fetchRevocationData, fetchCertificateStatus, ocspUrls, crlUrls } from './revocation-fetch';
export type { RevocationFetch, RevocationAccess, FetchedStatus, CertificateStatusFetch, FetchRevocationOptions, FetchedRevocationData } from './revocation-fetch';
