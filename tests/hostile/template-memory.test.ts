/**
 * What filling a template holds while it writes the package. The parsed trees of the package's parts
 * are by far its largest objects (about 200 bytes an element: fuzz seed 73's template-14, a 71 MB
 * document.xml of 2.8 million elements, held 550 MB). Writing kept every tree in the package's cache
 * and made a string of each changed part, the pieces it was joined from and its bytes next to them,
 * then compressed: the case peaked at 1.05 GB resident. Now the changed parts are serialised to
 * bytes in pieces and every tree is let go before anything is joined or compressed (836 MB, the
 * rest being the tree itself while the fill runs). Checked here as retention, not as a size: after
 * toBytes, no parsed tree is reachable from the package.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TemplatePackage } from '../../engine/template/package';
import { makeDocx, para } from '../helpers/make-docx';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Lets the current job end (a WeakRef's target is kept until it does), then collects. */
async function collect(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  gc();
}

/** Changes the main part; weak references to its tree and to an unchanged part's (none kept here). */
function edit(pkg: TemplatePackage, main: string): { changed: WeakRef<object>; rels: WeakRef<object> } {
  const doc = pkg.xml(main);
  doc.root.attrs['w:conformance'] = 'transitional';
  pkg.touch(main);
  return { changed: new WeakRef(doc), rels: new WeakRef(pkg.xml('word/_rels/document.xml.rels')) };
}

describe('template package: trees released when written', () => {
  it('keeps no parsed tree once the package is written, changed or not', async () => {
    const pkg = new TemplatePackage(makeDocx({ body: para('Dear {{name}}').repeat(50) }));
    const main = pkg.mainPart();
    const { changed, rels } = edit(pkg, main);
    const bytes = pkg.toBytes();
    await collect();
    expect(changed.deref()).toBeUndefined();
    expect(rels.deref()).toBeUndefined();
    expect(new TextDecoder().decode(new TemplatePackage(bytes).read(main))).toContain('w:conformance="transitional"');
    // Written once: the same bytes again, and no part read as XML from the original any more.
    expect(pkg.toBytes()).toEqual(bytes);
    expect(() => pkg.xml(main)).toThrow(/written/);
  });
});
