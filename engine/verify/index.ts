/**
 * verify: signature verification of PDF (PAdES / PKCS#7, document time-stamps) and DOCX (OOXML
 * package signatures) with verdicts as data — ETSI indications, pyHanko-style facets, the changes
 * made after each signature judged against DocMDP / FieldMDP, and known attack classes named.
 * In: document bytes, explicit trust anchors and options, an EngineHost with WebCrypto.
 * Out: a VerificationReport (shape of POST /v1/verify); `ok: false` only when nothing could be evaluated.
 * Must not: trust any certificate implicitly, reach the network except through a caller's fetch
 * when allowed, or throw on hostile input.
 */
export { verifyPdf, readCertificates } from './verify-pdf';
export type {
  AttackKind,
  AttackReport,
  ByteRangeReport,
  CertificateSummary,
  ChainReport,
  ChangeKind,
  ChangeReport,
  CmsReport,
  Coverage,
  DocumentReport,
  DocumentVerdict,
  Indication,
  ModificationFlags,
  ModificationLevel,
  ModificationReport,
  PadesLevel,
  RevocationFetch,
  RevocationReport,
  SignatureFacets,
  SignatureKind,
  SignatureReport,
  SubIndication,
  TimestampReport,
  VerificationReport,
  VerifyOptions,
} from './types';
export { verifyDocx } from './verify-docx';
export type { XmlReferenceReport, XmlSignatureReport } from './types';
