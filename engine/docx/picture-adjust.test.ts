import { describe, expect, it } from 'vitest';
import type { ImageInline, Paragraph } from '../model';
import { encodePng } from '../image';
import { OFFICE_THEME } from '../../tests/helpers/make-docx';
import { bodyParagraphs, parseFixture } from './test-util';

const media = { rIdImg: { name: 'image1.png', data: encodePng(1, 1, new Uint8Array([255, 0, 0, 255])) } };

/** An inline picture whose a:blip holds `effects`. */
const picture = (effects: string) =>
  '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="127000" cy="127000"/><wp:docPr id="1" name="P"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
  `<pic:blipFill><a:blip r:embed="rIdImg">${effects}</a:blip><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="127000" cy="127000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
const vmlPicture = (attrs: string) => `<w:p><w:r><w:pict><v:shape style="width:10pt;height:10pt"><v:imagedata r:id="rIdImg" ${attrs}/></v:shape></w:pict></w:r></w:p>`;
const imageOf = (body: string) => (bodyParagraphs(parseFixture({ body, media, theme: OFFICE_THEME }))[0] as Paragraph).inlines.find((i) => i.kind === 'image') as ImageInline;

describe('picture colour adjustments (a:blip effects)', () => {
  it('reads a:alphaModFix as the picture\'s opacity, and none when it is 100 %', () => {
    expect(imageOf(picture('<a:alphaModFix amt="40000"/>')).opacity).toBe(0.4);
    expect(imageOf(picture('<a:alphaModFix/>')).opacity).toBeUndefined();
    expect(imageOf(picture('')).adjust).toBeUndefined();
  });

  it('reads a:clrChange with a transparent a:clrTo (Set Transparent Color)', () => {
    const img = imageOf(picture('<a:clrChange><a:clrFrom><a:srgbClr val="FFFFFF"/></a:clrFrom><a:clrTo><a:srgbClr val="FFFFFF"><a:alpha val="0"/></a:srgbClr></a:clrTo></a:clrChange>'));
    expect(img.adjust).toEqual({ colorChange: { from: 'FFFFFF', to: 'FFFFFF', toOpacity: 0 } });
  });

  it('reads a:lum, a:grayscl, a:biLevel and a:duotone (theme colours resolved)', () => {
    expect(imageOf(picture('<a:lum bright="70000" contrast="-70000"/>')).adjust).toEqual({ brightness: 0.7, contrast: -0.7 });
    expect(imageOf(picture('<a:grayscl/>')).adjust).toEqual({ grayscale: true });
    expect(imageOf(picture('<a:biLevel thresh="25000"/>')).adjust).toEqual({ biLevelThreshold: 0.25 });
    const duo = imageOf(picture('<a:duotone><a:prstClr val="black"/><a:schemeClr val="accent1"/></a:duotone>'));
    expect(duo.adjust).toEqual({ duotone: ['000000', '4472C4'] });
  });

  it('reads Word 2010\'s a14:brightnessContrast image effect', () => {
    const ext = '<a:extLst><a:ext uri="{BEBA8EAE-BF5A-486C-A8C5-ECC9F3942E4B}"><a14:imgProps xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main"><a14:imgLayer r:embed="rIdImg">' +
      '<a14:imgEffect><a14:saturation sat="400000"/></a14:imgEffect><a14:imgEffect><a14:brightnessContrast bright="20000" contrast="-40000"/></a14:imgEffect></a14:imgLayer></a14:imgProps></a:ext></a:extLst>';
    expect(imageOf(picture(ext)).adjust).toEqual({ brightness: 0.2, contrast: -0.4 });
  });
});

describe('picture colour adjustments (VML v:imagedata)', () => {
  it('reads Word\'s Washout preset (gain, blacklevel) as brightness 70 % and contrast −70 %', () => {
    const a = imageOf(vmlPicture('gain="19661f" blacklevel="22938f"')).adjust!;
    expect(a.brightness).toBeCloseTo(0.7, 3);
    expect(a.contrast).toBeCloseTo(-0.7, 3);
  });

  it('reads chromakey, grayscale and bilevel', () => {
    expect(imageOf(vmlPicture('chromakey="#00ff00" grayscale="t" bilevel="t"')).adjust).toEqual({
      colorChange: { from: '00FF00', to: '00FF00', toOpacity: 0 }, grayscale: true, biLevelThreshold: 0.5,
    });
    expect(imageOf(vmlPicture('')).adjust).toBeUndefined();
  });
});
