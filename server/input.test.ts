import { describe, expect, it } from 'vitest';
import { attachmentHeader, downloadName, ownedBytes, readBase64Document } from './input';
import { HttpProblem } from './problem';

describe('request input helpers', () => {
  it('decodes base64 documents in either alphabet, with a data: prefix or line breaks', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 1, 2]);
    const std = Buffer.from(bytes).toString('base64');
    expect(readBase64Document({ base64: std }, 'document')).toEqual(bytes);
    expect(readBase64Document({ base64: Buffer.from(bytes).toString('base64url') }, 'document')).toEqual(bytes);
    expect(readBase64Document({ base64: `data:application/pdf;base64,${std.slice(0, 4)}\n${std.slice(4)}` }, 'document')).toEqual(bytes);
  });

  it('rejects malformed documents with the field that is wrong', () => {
    const fieldOf = (v: unknown) => {
      try {
        readBase64Document(v, 'document');
      } catch (e) {
        return (e as HttpProblem).details?.[0]?.field;
      }
      return undefined;
    };
    expect(fieldOf('abc')).toBe('document');
    expect(fieldOf({ base64: 'a$b=' })).toBe('document.base64');
    expect(fieldOf({ base64: 'abcde' })).toBe('document.base64');
    expect(fieldOf({ base64: '' })).toBe('document.base64');
    expect(fieldOf({ base64: 'aGk=', url: 'x' })).toBe('document.url');
  });

  it('makes safe download names and headers', () => {
    expect(downloadName('C:\\Users\\me\\Q3 report.docx', '.pdf')).toBe('Q3 report.pdf');
    expect(downloadName('../../etc/passwd', '.pdf')).toBe('passwd.pdf');
    expect(downloadName('"evil";.docx', '.pdf')).toBe('_evil__.pdf');
    expect(downloadName(undefined, '.pdf')).toBe('document.pdf');
    expect(attachmentHeader('Ärger €.pdf')).toBe(`attachment; filename="_rger _.pdf"; filename*=UTF-8''%C3%84rger%20%E2%82%AC.pdf`);
  });

  it('cuts long names between characters, never inside a surrogate pair, and keeps combining marks', () => {
    // Found by the HTTP campaign: the 120th character was the first half of 𝐀, and the header threw (a 500).
    const name = downloadName(`${'a'.repeat(119)}\u{1D400}\u{1D400}.docx`, '.pdf');
    expect(name).toBe(`${'a'.repeat(119)}\u{1D400}.pdf`);
    expect(attachmentHeader(name)).toContain(`filename*=UTF-8''${'a'.repeat(119)}%F0%9D%90%80.pdf`);
    expect(downloadName('Cafe\u0301.docx', '.pdf')).toBe('Cafe\u0301.pdf');
  });

  it("percent-encodes ' ( ) * in filename* as RFC 8187 requires", () => {
    expect(attachmentHeader("it's (draft)*.pdf")).toBe(`attachment; filename="it's (draft)*.pdf"; filename*=UTF-8''it%27s%20%28draft%29%2A.pdf`);
    expect(attachmentHeader('\uD800.pdf')).toContain(`filename*=UTF-8''%EF%BF%BD.pdf`);
  });

  it('copies a view into a larger buffer so its buffer can be transferred', () => {
    const big = new Uint8Array(16);
    const view = big.subarray(4, 8);
    const owned = ownedBytes(view);
    expect(owned.buffer.byteLength).toBe(4);
    const whole = new Uint8Array(4);
    expect(ownedBytes(whole)).toBe(whole);
  });
});
