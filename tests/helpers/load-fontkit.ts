/**
 * Vitest setup: loads fontkit before the tests, as a process that has converted a document needing it
 * would have. Unit tests call the shaper and subsetter synchronously, outside layoutDocument's
 * load-and-start-over (engine/text/fontkit-loader.ts); tests/golden/fontkit-on-demand.test.ts
 * covers the path without it.
 */
import { loadFontkit } from '../../engine/text';

await loadFontkit();
