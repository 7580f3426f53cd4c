/**
 * Modification detection and prevention: DocMDP (ISO 32000-1 §12.8.2.2, Table 254 /P), FieldMDP
 * (§12.8.2.4) and signature field locks (§12.7.4.5 Table 233; ISO 32000-2 adds /P to /Lock).
 * Judges each classified change against the permissions in force after a signature.
 */
import type { PdfDict, PdfDocument, PdfObject } from '../pdf';
import { decodePdfText, isArray, isName, isString } from '../pdf';
import type { Change } from './classify-rules';
import { levelOf, levelRank, maxLevel } from './classify';
import type { ChangeReport, ModificationLevel } from './types';

/** A field lock: which fields a signature locks. */
export interface FieldLock {
  readonly action: 'All' | 'Include' | 'Exclude';
  readonly fields: readonly string[];
}

/** The modification permissions a signature sets. */
export interface SignaturePermissions {
  /** DocMDP P when this is a certification signature. */
  readonly docMdp?: 1 | 2 | 3;
  readonly locks: readonly FieldLock[];
  /** /P of a lock dictionary (ISO 32000-2 §12.7.4.5). */
  readonly lockP?: 1 | 2 | 3;
}

function level(p: PdfObject): 1 | 2 | 3 {
  // Table 254: /P defaults to 2; values outside 1..3 are read as the default.
  return p === 1 || p === 3 ? p : 2;
}

function readLock(doc: PdfDocument, d: PdfDict | undefined): FieldLock | undefined {
  if (!d) return undefined;
  const action = doc.resolve(d.entries.get('Action'));
  if (!isName(action) || !['All', 'Include', 'Exclude'].includes(action.value)) return undefined;
  const list = doc.resolve(d.entries.get('Fields'));
  const fields = isArray(list) ? list.items.map((x) => doc.resolve(x)).filter(isString).map(decodePdfText) : [];
  return { action: action.value as FieldLock['action'], fields };
}

/** Reads DocMDP and FieldMDP references of a signature dictionary and its field's /Lock. */
export function signaturePermissions(doc: PdfDocument, sig: PdfDict, field: PdfDict, sigNum: number): SignaturePermissions {
  let docMdp: 1 | 2 | 3 | undefined;
  const locks: FieldLock[] = [];
  const refs = doc.resolve(sig.entries.get('Reference'));
  for (const r of isArray(refs) ? refs.items : []) {
    const d = doc.resolveDict(r);
    const method = doc.resolve(d?.entries.get('TransformMethod'));
    const params = doc.resolveDict(d?.entries.get('TransformParams'));
    if (isName(method, 'DocMDP')) docMdp = level(doc.resolve(params?.entries.get('P')));
    else if (isName(method, 'FieldMDP')) {
      const lock = readLock(doc, params);
      if (lock) locks.push(lock);
    }
  }
  // §12.8.4 (ISO 32000-2): /Perms /DocMDP names the certification signature dictionary.
  const perms = doc.resolveDict(doc.catalog()?.entries.get('Perms'));
  const permsSig = perms?.entries.get('DocMDP');
  if (docMdp === undefined && permsSig && typeof permsSig === 'object' && permsSig.kind === 'ref' && permsSig.num === sigNum && sigNum !== 0) docMdp = 2;
  const lockDict = doc.resolveDict(field.entries.get('Lock'));
  const lock = readLock(doc, lockDict);
  if (lock && !locks.some((l) => l.action === lock.action && l.fields.join('\u0000') === lock.fields.join('\u0000'))) locks.push(lock);
  const lp = lockDict?.entries.get('P');
  return { ...(docMdp ? { docMdp } : {}), locks, ...(lp !== undefined ? { lockP: level(doc.resolve(lp)) } : {}) };
}

/** True when a lock covers the field with this fully qualified name. */
export function isLocked(name: string, locks: readonly FieldLock[]): boolean {
  return locks.some((l) => (l.action === 'All' ? true : l.action === 'Include' ? l.fields.includes(name) : !l.fields.includes(name)));
}

/** The most invasive level a DocMDP permission allows (§12.8.2.2 Table 254; PAdES allows DSS and document time-stamps always). */
export function allowedLevel(p: 1 | 2 | 3 | undefined): ModificationLevel {
  if (p === 1) return 'dss';
  if (p === 2) return 'form-filling';
  return 'annotations';
}

/** Judges changes against a DocMDP permission and field locks. */
export function judgeChanges(changes: readonly Change[], docMdp: 1 | 2 | 3 | undefined, locks: readonly FieldLock[]): { reports: ChangeReport[]; level: ModificationLevel; allowed: boolean } {
  const max = allowedLevel(docMdp);
  let lvl: ModificationLevel = 'none';
  let allowed = true;
  const reports: ChangeReport[] = [];
  for (const c of changes) {
    const l = levelOf(c.kind);
    lvl = maxLevel(lvl, l);
    const lockedField = c.field !== undefined && isLocked(c.field, locks);
    const disallowed = levelRank(l) > levelRank(max) || (lockedField && l !== 'dss');
    if (disallowed) allowed = false;
    reports.push({
      kind: c.kind,
      ...(c.object !== undefined ? { object: c.object } : {}),
      description: lockedField ? `${c.description} (the field is locked)` : c.description,
      ...(disallowed ? { disallowed: true } : {}),
    });
  }
  return { reports, level: lvl, allowed };
}

/** The smaller (stricter) of two permissions. */
export function stricter(a: 1 | 2 | 3 | undefined, b: 1 | 2 | 3 | undefined): 1 | 2 | 3 | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}
