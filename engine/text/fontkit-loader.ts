/**
 * fontkit, loaded on first need. Importing @pdf-lib/fontkit decodes its Unicode, shaping and Brotli
 * tables at once: about 170 ms of CPU in every process and worker that imports the engine, while
 * most documents never need it (Latin, Greek and Cyrillic text takes the fast shaping path, and
 * only CFF fonts are subset with it). So nothing imports it statically: the async stages load it
 * when they know they will need it (renderPdf for CFF fonts, renderCanvas for outlines), and
 * layoutDocument, which learns it only while shaping, lays the document out again after loading
 * it (see `FontkitNotLoaded`), which happens once per process at most.
 */

/** The part of fontkit's module the engine uses. */
export interface Fontkit {
  create(bytes: Uint8Array): unknown;
}

let loaded: Fontkit | undefined;
let loading: Promise<Fontkit> | undefined;

/** Thrown by `requireFontkit` before fontkit is loaded; layoutDocument catches it, loads, and starts over. */
export class FontkitNotLoaded extends Error {
  constructor() {
    super('fontkit is not loaded yet (await loadFontkit() first)');
    this.name = 'FontkitNotLoaded';
  }
}

/** Loads fontkit (once; later calls return the same promise). */
export function loadFontkit(): Promise<Fontkit> {
  loading ??= import('@pdf-lib/fontkit').then((m) => {
    loaded = (m.default ?? m) as unknown as Fontkit;
    return loaded;
  });
  return loading;
}

/** fontkit when loaded; throws `FontkitNotLoaded` otherwise (synchronous code cannot wait for it). */
export function requireFontkit(): Fontkit {
  if (!loaded) throw new FontkitNotLoaded();
  return loaded;
}

/** Test hook: forget the loaded module, as in a fresh process (the import itself stays cached). */
export function forgetFontkitForTests(): void {
  loaded = undefined;
  loading = undefined;
}
