import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { deobfuscateFont, fontKeyBytes } from './obfuscation';
import { loadFontProgram, FontProgram } from './font-program';
import { shippedBytes } from './testing/shipped';

const KEY = '{75E47363-20F1-45D4-9A84-815E26C8EAAE}';

describe('fontKeyBytes', () => {
  it('reads the GUID hex digits as bytes in reverse order', () => {
    const k = fontKeyBytes(KEY)!;
    expect(k[0]).toBe(0xae);
    expect(k[1]).toBe(0xea);
    expect(k[15]).toBe(0x75);
    expect(fontKeyBytes('75e47363-20f1-45d4-9a84-815e26c8eaae')).toEqual(k);
    expect(fontKeyBytes('not a guid')).toBeUndefined();
  });
});

describe('deobfuscateFont', () => {
  const font = shippedBytes('Caladea-Regular.ttf')!;

  it('round-trips a font we obfuscate ourselves', () => {
    const obfuscated = deobfuscateFont(font, KEY);
    if (!obfuscated.ok) throw new Error('obfuscation failed');
    expect(obfuscated.value.subarray(0, 32)).not.toEqual(font.subarray(0, 32));
    expect(Buffer.compare(obfuscated.value.subarray(32), font.subarray(32))).toBe(0);
    expect(loadFontProgram(obfuscated.value)).toBeInstanceOf(Error);
    const back = deobfuscateFont(obfuscated.value, KEY);
    if (!back.ok) throw new Error('de-obfuscation failed');
    expect(Buffer.compare(back.value, font)).toBe(0);
    expect(loadFontProgram(back.value)).toBeInstanceOf(FontProgram);
  });

  it('XORs bytes 0-15 and 16-31 with the same key', () => {
    const zeros = new Uint8Array(40);
    const r = deobfuscateFont(zeros, KEY);
    if (!r.ok) throw new Error('failed');
    expect(r.value.subarray(0, 16)).toEqual(fontKeyBytes(KEY));
    expect(r.value.subarray(16, 32)).toEqual(fontKeyBytes(KEY));
    expect([...r.value.subarray(32)]).toEqual(new Array(8).fill(0));
  });

  it('rejects a bad key or a truncated part with a diagnostic', () => {
    const bad = deobfuscateFont(font, '{nope}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]!.code).toBe('text/bad-font-key');
    const short = deobfuscateFont(new Uint8Array(10), KEY);
    expect(short.ok).toBe(false);
  });
});

const corpus = '/work/shared/corpus/docx/dev';

describe.runIf(existsSync(join(corpus, 'manifest.json')))('embedded fonts of the dev corpus', () => {
  it('parse after de-obfuscation', () => {
    const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as {
      files: { name: string; features: { embeddedFonts: number } }[];
    };
    const docs = manifest.files.filter((f) => f.features.embeddedFonts > 0);
    expect(docs.length).toBeGreaterThan(0);
    let parsed = 0;
    for (const d of docs) {
      const zip = unzipSync(new Uint8Array(readFileSync(join(corpus, d.name))));
      const table = strFromU8(zip['word/fontTable.xml']!);
      const rels = strFromU8(zip['word/_rels/fontTable.xml.rels']!);
      for (const m of table.matchAll(/<w:embed(?:Regular|Bold|Italic|BoldItalic) ([^>]*)\/>/g)) {
        const id = /r:id="([^"]+)"/.exec(m[1]!)![1]!;
        const key = /w:fontKey="([^"]+)"/.exec(m[1]!)![1]!;
        const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)![1]!;
        const part = zip[`word/${target}`]!;
        const r = deobfuscateFont(part, key);
        expect(r.ok).toBe(true);
        if (r.ok) {
          expect(loadFontProgram(r.value), `${d.name} ${target}`).toBeInstanceOf(FontProgram);
          parsed++;
        }
      }
    }
    expect(parsed).toBeGreaterThanOrEqual(15);
  });
});
