/**
 * Character and entity references (XML 1.0 §4.1). Only the five predefined entities and numeric
 * references are expanded; there is no DTD, so no other entity can exist and none is ever expanded.
 */

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes references in text that is known to contain '&'. Unknown references stay as written. */
export function decodeEntities(s: string, onUnknown?: (ref: string) => void): string {
  let out = '';
  let last = 0;
  let i = s.indexOf('&');
  while (i !== -1) {
    const semi = s.indexOf(';', i + 1);
    if (semi === -1 || semi - i > 12) {
      i = s.indexOf('&', i + 1);
      continue;
    }
    const ref = s.slice(i + 1, semi);
    let rep: string | undefined;
    if (ref.charCodeAt(0) === 35 /* # */) {
      const cp = ref.charCodeAt(1) === 120 || ref.charCodeAt(1) === 88 ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      rep = safeCodePoint(cp);
    } else {
      rep = NAMED[ref];
      if (rep === undefined) onUnknown?.(ref);
    }
    if (rep !== undefined) {
      out += s.slice(last, i) + rep;
      last = semi + 1;
    }
    i = s.indexOf('&', semi + 1);
  }
  return last === 0 ? s : out + s.slice(last);
}

function safeCodePoint(cp: number): string {
  if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(cp);
}

/** Escapes character data for serialisation. */
export function escapeText(s: string): string {
  if (!/[&<>\r]/.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value for serialisation inside double quotes. */
export function escapeAttr(s: string): string {
  if (!/[&<>"\t\n\r]/.test(s)) return s;
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}
