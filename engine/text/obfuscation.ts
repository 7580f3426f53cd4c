/**
 * Embedded font (de)obfuscation for DOCX word/fonts/*.odttf.
 *
 * ECMA-376 Part 1 §17.8.1 (Font Embedding): the font part is the font file with its first 32 bytes
 * XORed with a key derived from the w:fontKey GUID of w:embedRegular / w:embedBold / w:embedItalic /
 * w:embedBoldItalic (CT_FontRel, §17.8.3.3). The key is the GUID's 32 hex digits read as 16 bytes
 * in reverse order (last byte pair first); bytes 0–15 and 16–31 are each XORed with it. The
 * operation is its own inverse.
 */
import { error, fail, ok, type Result } from '../core';

const GUID_RE = /^\{?([0-9a-fA-F]{8})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{12})\}?$/;

/** The 16-byte XOR key for a w:fontKey GUID string, or undefined when it is not a GUID. */
export function fontKeyBytes(fontKey: string): Uint8Array | undefined {
  const m = GUID_RE.exec(fontKey.trim());
  if (!m) return undefined;
  const hex = m.slice(1).join('');
  const key = new Uint8Array(16);
  // Reverse order: key[0] is the last hex pair of the GUID string.
  for (let i = 0; i < 16; i++) key[i] = parseInt(hex.substr(30 - i * 2, 2), 16);
  return key;
}

/**
 * De-obfuscates an embedded font part (or obfuscates a font: the transform is symmetric). Returns a
 * new array; the input is not modified.
 */
export function deobfuscateFont(bytes: Uint8Array, fontKey: string): Result<Uint8Array> {
  const key = fontKeyBytes(fontKey);
  if (!key) {
    return fail(error('text/bad-font-key', `The embedded font key '${fontKey.slice(0, 60)}' is not a GUID.`, {
      hint: 'w:fontKey must be a GUID such as {75E47363-20F1-45D4-9A84-815E26C8EAAE}; the font is ignored.',
    }));
  }
  if (bytes.length < 32) {
    return fail(error('text/bad-embedded-font', `The embedded font part is only ${bytes.length} bytes long.`));
  }
  const out = bytes.slice();
  for (let i = 0; i < 32; i++) out[i] = out[i]! ^ key[i % 16]!;
  return ok(out);
}
