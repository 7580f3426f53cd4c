/**
 * What a long-lived worker keeps of a document once it is converted. The server's pool, the CLI's
 * batch and the fuzz runner convert document after document in one thread, so module-level state
 * that outlives a document is memory the next one starts from. The shaping caches are meant to
 * outlive documents (they make the next one fast) but must stay bounded; nothing else of a finished
 * document may stay reachable. Checked as reachability (weak references after full collections)
 * and as entries and key characters held, not as resident sizes.
 */
import { describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { layoutDocument } from '../../engine/layout';
import { WordCache } from '../../engine/layout/inline/pieces';
import type { DocModel, GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { gc } from '../helpers/heap';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

/** Lets the current job end (a WeakRef's target is kept until it does), then collects. */
async function collect(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  gc();
}

/** The first object with `kind: 'text'` in the model's body: one of the document's own runs. */
function firstTextRun(model: DocModel): object {
  const seen = new Set<unknown>();
  const find = (v: unknown): object | undefined => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return undefined;
    seen.add(v);
    if ((v as { kind?: unknown }).kind === 'text' && 'props' in v) return v;
    for (const child of Object.values(v)) {
      const hit = find(child);
      if (hit) return hit;
    }
    return undefined;
  };
  const hit = find(model.sections);
  if (!hit) throw new Error('no text run in the model');
  return hit;
}

/** Lays a document out with a host of its own; weak references to its host and to a run's properties. */
async function layOutAndLetGo(body: string): Promise<{ host: WeakRef<object>; props: WeakRef<object> }> {
  const host = createNodeHost({});
  const parsed = parseDocx(makeDocx({ body }), { fileName: 'retention.docx' }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const props = (firstTextRun(parsed.value) as { props: object }).props;
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  expect(laid.value.pages.length).toBeGreaterThan(0);
  return { host: new WeakRef(host), props: new WeakRef(props) };
}

describe('a worker after a document', () => {
  it('keeps nothing of a laid-out document reachable: not its host, fonts or run properties', async () => {
    // The text emitter's run builder lives as long as the module: it kept the last run's span (its
    // RunProps, its face, the document's FontContext with its host and fonts) until the next
    // document drew text.
    const { host, props } = await layOutAndLetGo(para('The last line a document draws.'));
    await collect();
    expect(props.deref()).toBeUndefined();
    expect(host.deref()).toBeUndefined();
  });
});

/** `n` distinct words of `length` letters each, told apart by their first letters. */
function longWords(n: number, length: number): string {
  return Array.from({ length: n }, (_, i) => {
    const id = i.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)));
    return id.padEnd(length, 'x');
  }).join(' ');
}

/** Characters of the keys all shaped-word pools hold. */
function wordKeyChars(): number {
  return WordCache.pool.keyChars + WordCache.longPool.keyChars;
}

describe('a worker after a document of long words', () => {
  it('keeps at most a small bound of long shaped words, however many it met', async () => {
    // 300 words of 2,000 letters: 600,000 characters, some 16 MB of shaped arrays. The shared pool
    // bounds its words' characters only as a whole (1.6 M a generation), so all stayed held.
    const before = wordKeyChars();
    const { host } = await layOutAndLetGo(para(longWords(300, 2_000)));
    await collect();
    expect(host.deref()).toBeUndefined();
    expect(wordKeyChars() - before).toBeLessThanOrEqual(2 * WordCache.longPool.charLimit);
  });

  it('still lays a long word out from the cache, the same each time, and keeps ordinary words apart', async () => {
    const text = `short words ${longWords(3, 500)} more short words`;
    const layOut = async () => {
      const { doc } = await layoutDocx(makeDocx({ body: para(text) }), 'long.docx', createNodeHost({}));
      return doc.pages.flatMap((p) => flatItems(p.items)).filter((i): i is GlyphRun => i.kind === 'glyphs').map((r) => `${r.x.toFixed(2)},${r.y.toFixed(2)} ${r.text} ${r.glyphs.join(' ')}`);
    };
    const first = await layOut();
    const longHeld = WordCache.longPool.size;
    expect(longHeld).toBeGreaterThanOrEqual(3);
    expect(await layOut()).toEqual(first);
    // The second layout found its long words: none added.
    expect(WordCache.longPool.size).toBe(longHeld);
  });
});
