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

/** fontkit's module as it is: `create` takes what its Buffer polyfill's `Buffer.from` takes. */
interface FontkitModule {
  create(data: Uint8Array | ArrayBuffer): unknown;
}

/** Loads fontkit (once; later calls return the same promise). */
export function loadFontkit(): Promise<Fontkit> {
  loading ??= import('@pdf-lib/fontkit').then((m) => {
    const module = (m.default ?? m) as unknown as FontkitModule;
    loaded = { create: (bytes) => module.create(fontkitInput(bytes)) };
    return loaded;
  });
  return loading;
}

/**
 * What fontkit's `create` is given for `bytes`: an ArrayBuffer holding exactly those bytes. Its Buffer
 * polyfill copies a typed array one byte at a time in JavaScript (`fromArrayLike`: about 70 ms of a cold
 * process for DejaVu Sans's 740 KB, the first time Arabic or Hebrew text is shaped), but wraps an
 * ArrayBuffer as a view. fontkit only reads its buffer, so the font's own ArrayBuffer is shared when
 * `bytes` covers all of it; otherwise the range is copied natively.
 */
export function fontkitInput(bytes: Uint8Array): ArrayBuffer {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  return bytes.slice().buffer;
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
