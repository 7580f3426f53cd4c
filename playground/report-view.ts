/**
 * Renders a verification report for people: the document verdict, then per signature the signer,
 * the ETSI indication and its reason, and the facets (intact, valid, trusted, coverage, changes).
 * Text only (textContent), never HTML from the report.
 */
import type { VerificationReport } from '../engine/verify';

const VERDICTS: Record<string, string> = {
  valid: 'Valid: signed and unchanged since.',
  'valid-with-permitted-changes': 'Valid, with changes the signer permitted.',
  'valid-partial': 'Valid, but the signatures do not cover the whole file.',
  'invalid-signature': 'Invalid: a signature does not match the document.',
  indeterminate: 'Indeterminate: the signatures could not be fully validated.',
  'modified-after-signing': 'Modified after signing.',
  attack: 'Attack detected: the file was manipulated to hide changes.',
  unsigned: 'Not signed.',
};

/** Replaces the container's content with the report. */
export function showReport(container: HTMLElement, report: VerificationReport): void {
  container.replaceChildren();
  const verdict = el('p', `${VERDICTS[report.document.verdict] ?? report.document.verdict}`);
  verdict.className = `verdict ${report.valid ? 'valid' : 'invalid'}`;
  verdict.dataset.verdict = report.document.verdict;
  container.append(verdict);
  if (report.reason) container.append(el('p', report.reason));
  container.append(el('p', `${report.document.format.toUpperCase()}, ${report.document.size} bytes, ${report.document.revisions} revision(s), ${report.signatures.length} signature(s).`));
  for (const s of report.signatures) {
    const box = document.createElement('section');
    box.className = 'signature';
    box.dataset.indication = s.indication;
    box.append(el('h3', `Signature ${s.index + 1}${s.signer ? ` by ${s.signer.name}` : ''}`));
    box.append(el('p', `${s.indication}${s.subIndication ? ` (${s.subIndication})` : ''}: ${s.reason}`));
    if (s.claimedSigningTime) box.append(el('p', `Claimed signing time: ${s.claimedSigningTime}`));
    const table = document.createElement('table');
    table.className = 'facets';
    for (const [name, value] of Object.entries(s.facets)) {
      const row = table.insertRow();
      row.append(el('th', name), el('td', value === null ? 'not evaluated' : String(value)));
    }
    box.append(table);
    if (s.signer) box.append(el('p', `Certificate: ${s.signer.subject}, issued by ${s.signer.issuer}, valid ${s.signer.notBefore} to ${s.signer.notAfter}`));
    container.append(box);
  }
}

function el(tag: string, text: string): HTMLElement {
  const e = document.createElement(tag);
  e.textContent = text;
  return e;
}
