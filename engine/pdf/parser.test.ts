import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiagnosticError } from '../core';
import { PdfParser } from './parser';
import { latin1Bytes } from './lexer';
import { objectToString } from './serialize';
import type { PdfObject } from './objects';
import { pdfArray, pdfDict, pdfName, pdfRef } from './objects';

function parse(text: string): PdfObject {
  return new PdfParser(latin1Bytes(text)).parseObject();
}

describe('PdfParser', () => {
  it('reads names with #xx escapes, references and nested containers', () => {
    const o = parse('<< /A#20B 1 0 R /C [1 -2.5 .5 (x) <4142>] /D << /E true /F null >> >>');
    expect(o).toMatchObject({ kind: 'dict' });
    const d = o as { entries: Map<string, PdfObject> };
    expect(d.entries.get('A B')).toEqual(pdfRef(1, 0));
    const arr = d.entries.get('C') as { items: PdfObject[] };
    expect(arr.items.slice(0, 3)).toEqual([1, -2.5, 0.5]);
    expect(arr.items[4]).toMatchObject({ kind: 'string', hex: true, bytes: new Uint8Array([0x41, 0x42]) });
    // A null value is the same as an absent key (§7.3.7).
    expect((d.entries.get('D') as { entries: Map<string, PdfObject> }).entries.has('F')).toBe(false);
  });

  it('decodes literal string escapes, octal codes, balanced parentheses and line continuations', () => {
    const s = parse('(a\\(b\\)c (nested) \\101\\7\\\nz\\n)') as { bytes: Uint8Array };
    expect(String.fromCharCode(...s.bytes)).toBe('a(b)c (nested) A\u0007z\n');
  });

  it('rejects nesting beyond the depth limit with a diagnostic instead of overflowing the stack', () => {
    const deep = '['.repeat(10000) + ']'.repeat(10000);
    expect(() => parse(deep)).toThrowError(DiagnosticError);
    try {
      parse(deep);
    } catch (e) {
      expect((e as DiagnosticError).diagnostic.code).toBe('pdf/too-deep');
    }
  });

  it('reports unterminated strings and dictionaries', () => {
    for (const bad of ['(abc', '<< /A 1', '<41', '[1 2']) {
      expect(() => parse(bad)).toThrowError(DiagnosticError);
    }
  });

  it('recovers a stream whose /Length is wrong by finding endstream', () => {
    const text = '5 0 obj\n<< /Length 999 >>\nstream\nhello\nendstream\nendobj\n';
    const obj = new PdfParser(latin1Bytes(text)).parseIndirectObject(0);
    expect(obj.num).toBe(5);
    expect(obj.value).toMatchObject({ kind: 'stream' });
    expect(String.fromCharCode(...(obj.value as { data: Uint8Array }).data)).toBe('hello');
  });

  it('round-trips serialised objects (property)', () => {
    const leaf: fc.Arbitrary<PdfObject> = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Math.round(x * 1000) / 1000),
      fc.boolean(),
      fc.string({ maxLength: 8 }).map((s) => pdfName(s.replace(/[^\x21-\x7e ]/g, 'x'))),
      fc.uint8Array({ maxLength: 20 }).map((bytes) => ({ kind: 'string' as const, bytes, hex: false })),
      fc.uint8Array({ maxLength: 20 }).map((bytes) => ({ kind: 'string' as const, bytes, hex: true })),
      fc.tuple(fc.nat(1000), fc.nat(5)).map(([n, g]) => pdfRef(n, g)),
    );
    const tree = fc.letrec<{ node: PdfObject }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }).map((items) => pdfArray(items)),
        fc.dictionary(fc.stringMatching(/^[A-Za-z]{1,6}$/), tie('node'), { maxKeys: 4 }).map((r) => pdfDict(r)),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (o) => {
        const text = objectToString(o);
        const back = parse(text);
        expect(objectToString(back)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
