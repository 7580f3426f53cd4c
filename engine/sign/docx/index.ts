/**
 * docx signing: OOXML package signatures (ECMA-376 Part 2 §13) as Word writes them, and a checker.
 * In: DOCX bytes, a CmsSigner, an EngineHost. Out: the signed package, or per-signature reports.
 * Must not: re-serialise existing parts (their bytes are what is signed) or parse XML by itself.
 */
export { signDocx, isSignedPart } from './sign-docx';
export type { SignDocxOptions, ManifestReference } from './sign-docx';
export { verifyDocxSignatures } from './verify-docx';
export type { DocxSignatureReport, ReferenceCheck } from './verify-docx';
export { canonicalize, prefixRestoreFromSource } from './c14n';
export type { PrefixRestore, NsContext } from './c14n';
export { relationshipTransform } from './opc';
