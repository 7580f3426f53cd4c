/**
 * One picture part recoloured many ways: each recoloured version is decoded and re-encoded whole by
 * the renderer, so a few bytes of a:blip effects (a:lum, §20.1.8.42) repeated over many uses of one
 * large picture cost its decoding that many times (fuzz seed 64's recolouredCopies: thirty uses of a
 * 6-megapixel picture took 35 s). Past MAX_RECOLOURINGS versions, a use is drawn as stored and warned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { MAX_RECOLOURINGS } from '../../engine/layout/emit/sink';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';
import { inlinePicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

beforeAll(async () => {
  await initKernel();
});

/** The picture inline, its a:blip given `effects`. */
const recoloured = (effects: string) => inlinePicture('rIdP', 20, 20).replace('<a:blip r:embed="rIdP"/>', `<a:blip r:embed="rIdP">${effects}</a:blip>`);

describe('recolourings of one picture', () => {
  it('keeps at most MAX_RECOLOURINGS recoloured versions of a part, drawing further uses as stored', async () => {
    const uses = Array.from({ length: 20 }, (_, i) => recoloured(`<a:lum bright="${(i + 1) * 1000}"/>`)).join('');
    const { doc, codes } = await layoutDocx(makeDocx({ body: `<w:p>${uses}${recoloured('<a:lum bright="1000"/>')}</w:p>`, media: { rIdP: { name: 'image1.png', data: TINY_PNG } } }), 'r.docx', host);
    const adjusted = doc.images.filter((i) => i.adjust);
    expect(adjusted).toHaveLength(MAX_RECOLOURINGS);
    expect(doc.images.filter((i) => !i.adjust)).toHaveLength(1);
    expect(codes).toContain('layout/too-many-recolourings');
    // Every use is still drawn: the first versions recoloured (the repeated one shares its version), the rest as stored.
    const images = doc.pages[0]!.items.filter((i) => i.kind === 'image');
    expect(images).toHaveLength(21);
    expect(images.at(-1)).toMatchObject({ image: doc.images.indexOf(adjusted[0]!) });
  });

  it('does not warn for a few recolourings', async () => {
    const uses = ['<a:grayscl/>', '<a:lum bright="70000" contrast="-70000"/>', ''].map(recoloured).join('');
    const { doc, codes } = await layoutDocx(makeDocx({ body: `<w:p>${uses}</w:p>`, media: { rIdP: { name: 'image1.png', data: TINY_PNG } } }), 'r.docx', host);
    expect(doc.images).toHaveLength(3);
    expect(codes).not.toContain('layout/too-many-recolourings');
  });
});
