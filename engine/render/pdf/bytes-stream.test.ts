import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bytesStream } from './bytes-stream';

describe('bytesStream', () => {
  it('writes the bytes, size and dictionary pdf-lib’s raw stream writes', async () => {
    const pdf = await PDFDocument.create();
    const ctx = pdf.context;
    const contents = Uint8Array.from([0x78, 0x01, 0x00, 0x0a, 0xff, 0x28, 0x5c]);
    const dict = { Type: 'XObject', Width: 3, Decode: [1, 0], Filter: 'FlateDecode', SMask: PDFName.of('X') };
    const ours = bytesStream(ctx, contents, dict);
    const theirs = ctx.stream(contents, dict as never);
    expect(ours.sizeInBytes()).toBe(theirs.sizeInBytes());
    const a = new Uint8Array(ours.sizeInBytes() + 4).fill(7);
    const b = new Uint8Array(theirs.sizeInBytes() + 4).fill(7);
    expect(ours.copyBytesInto(a, 2)).toBe(theirs.copyBytesInto(b, 2));
    expect(a).toEqual(b);
    expect(new TextDecoder('latin1').decode(a)).toContain('/Length 7');
    expect(ours.clone().getContents()).toEqual(contents);
  });
});
