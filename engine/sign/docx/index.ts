/**
 * docx signing: OOXML package signatures (ECMA-376 Part 2 §13) as Word writes them. Checking them is
 * engine/verify's `verifyDocx`; both canonicalise with engine/xmldsig, so what is signed here is
 * exactly what a checker recomputes.
 * In: DOCX bytes, a CmsSigner, an EngineHost. Out: the signed package.
 * Must not: re-serialise existing parts (their bytes are what is signed) or parse XML by itself.
 */
export { signDocx, isSignedPart } from './sign-docx';
export type { SignDocxOptions, ManifestReference } from './sign-docx';
