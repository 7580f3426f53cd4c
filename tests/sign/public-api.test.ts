/**
 * Pins the public surface of engine/pdf, engine/cms and engine/sign (GUIDE §3.9): a change to the
 * exported names must be deliberate and show up in this test's diff.
 */
import { describe, expect, it } from 'vitest';
import * as pdf from '../../engine/pdf';
import * as cms from '../../engine/cms';
import * as sign from '../../engine/sign';

describe('public API', () => {
  it('engine/sign', () => {
    expect(Object.keys(sign).sort()).toEqual([
      'MAX_AUDIT_EVENTS', 'addDocumentTimestamp', 'addValidationData', 'appendAuditTrail', 'buildAuditTrailModel', 'canonicalize', 'checkSigningAllowed',
      'completeSignature', 'createDevIdentity', 'defaultLines', 'describeEvent', 'describeSigningCertificate', 'docMdpLevel', 'formatDisplayDate', 'formatPdfDate',
      'hasDss', 'helveticaWidth', 'listFields', 'openForSigning', 'prefixRestoreFromSource', 'prepareSignature', 'readAuditTrail', 'relationshipTransform',
      'renderAuditTrailPdf', 'signDocx', 'signPdf', 'signedBytes', 'signerFromDevIdentity', 'uniqueFieldName', 'verifyDocxSignatures', 'winAnsiLiteral',
    ]);
  });

  it('engine/pdf', () => {
    expect(Object.keys(pdf).sort()).toEqual([
      'ByteSink', 'MAX_OBJECT_DEPTH', 'MAX_OBJECT_NUMBER', 'ObjectAllocator', 'PdfDocument', 'PdfParser', 'applyPredictor', 'copyDict', 'decodePdfText', 'decodeStreamData',
      'findStartXref', 'formatName', 'formatNumber', 'indexOf', 'inflateBounded', 'inheritedAttribute', 'isArray', 'isDict', 'isName', 'isRef', 'isStream', 'isString',
      'lastIndexOf', 'latin1', 'latin1Bytes', 'listPages', 'objectToString', 'openPdf', 'pageMediaBox', 'parseNumber', 'parseObjectStream', 'pdfArray', 'pdfDict',
      'pdfHexString', 'pdfName', 'pdfRaw', 'pdfRef', 'pdfStream', 'pdfText', 'readXref', 'reconstructXref', 'unfilterRow', 'writeIncrementalUpdate', 'writeObject',
    ]);
  });

  it('engine/cms', () => {
    expect(Object.keys(cms).sort()).toMatchInlineSnapshot(`
      [
        "MAX_KDF_ITERATIONS",
        "NAME_LABELS",
        "OID",
        "TAG",
        "TIMESTAMP_SIZE_HINT",
        "algorithmId",
        "attribute",
        "attributeOctets",
        "bitString",
        "boolean",
        "bufferSource",
        "buildChain",
        "buildSignedAttributes",
        "buildSignedData",
        "buildSignerInfo",
        "buildTimeStampRequest",
        "bytesEqual",
        "children",
        "compareDer",
        "content",
        "createDetachedCms",
        "curveBytes",
        "curveName",
        "decodeBase64",
        "decodePem",
        "decryptPbe",
        "derNull",
        "digestAlgorithmId",
        "digestLength",
        "digestName",
        "digestOid",
        "ecdsaDerToRaw",
        "ecdsaRawToDer",
        "encodeBase64",
        "encodeLength",
        "encodeName",
        "encodePassword",
        "encodePem",
        "encoding",
        "estimateDetachedCmsSize",
        "expectTag",
        "explicit",
        "findAttribute",
        "formatName",
        "generalizedTime",
        "ia5String",
        "implicit",
        "importParams",
        "importSigningKey",
        "integer",
        "integerFromBytes",
        "isDerSequence",
        "issueCertificate",
        "keyMatchesCertificate",
        "maxEcdsaDerLength",
        "nameAttribute",
        "octetString",
        "oid",
        "parseCertificate",
        "parseDer",
        "parseSignedData",
        "parseTimeStampResponse",
        "pkcs12Kdf",
        "pkcs1ToPkcs8",
        "printableString",
        "rc2CbcDecrypt",
        "rc2DecryptBlock",
        "rc2EncryptBlock",
        "rc2ExpandKey",
        "readNode",
        "readOctets",
        "readOid",
        "readPkcs12",
        "readSmallInt",
        "readString",
        "readTime",
        "readTstInfo",
        "requestTimestamp",
        "requestTimestampForDigest",
        "sec1ToPkcs8",
        "seq",
        "setOf",
        "sha1Sync",
        "sha256Sync",
        "signParams",
        "signatureAlgorithmId",
        "signedAttributesForSigning",
        "signerFromCallback",
        "signerFromCryptoKey",
        "signerFromPem",
        "signerFromPkcs12",
        "signingCertificateV2",
        "tlv",
        "tripleDesCbcDecrypt",
        "tripleDesCbcEncrypt",
        "utcTime",
        "utf8String",
        "x509Time",
      ]
    `);
  });
});
