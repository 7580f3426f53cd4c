/**
 * A template using every kind of field is filled and handed to LibreOffice (when installed): the
 * result must convert, show the filled text, and carry the inserted images. This proves the XML the
 * fillers create (drawings, tables, labels, repeated rows) is accepted by a real consumer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../engine/template';
import { createNodeHost } from '../../node/host';
import { makeDocx, para, run, WORD_DEFAULT_STYLES } from '../helpers/make-docx';
import { checkPackage, inlineSdt, pictureRun, pngBytes, pngDataUrl, textBoxParagraph } from './helpers';

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

const canConvert = has('soffice', ['--version']) && has('pdftotext', ['-v']);

describe.runIf(canConvert)('LibreOffice opens filled templates', () => {
  it('converts a template with every field kind, showing text and images', async () => {
    const cell = (inner: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${inner}</w:tc>`;
    const checkbox = '<w14:checkbox><w14:checked w14:val="0"/><w14:checkedState w14:val="2612" w14:font="MS Gothic"/><w14:uncheckedState w14:val="2610" w14:font="MS Gothic"/></w14:checkbox>';
    const body =
      para('Contract {{number}} for {{client.name}}') +
      textBoxParagraph(para('Box: {{client.city}}')) +
      para('{{#items}}') + para('Line {{title}}') + para('{{/items}}') +
      `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid><w:tr>${cell(para('Who'))}${cell(para('Photo'))}</w:tr>` +
      `<w:tr>${cell(para('{{#people}}{{name}}'))}${cell(`<w:p>${run('{{photo}}')}${run('{{/people}}')}</w:p>`)}</w:tr></w:tbl>` +
      para('{{grid}}') +
      `<w:p>${inlineSdt(`<w:tag w:val="agree"/>${checkbox}`, run('\u2610'))}${run(' I agree')}</w:p>` +
      `<w:p>${inlineSdt('<w:tag w:val="when"/><w:date><w:dateFormat w:val="d MMMM yyyy"/></w:date>', run('date'))}</w:p>` +
      `<w:p>${pictureRun('rIdOld', '{{logo}}')}</w:p>` +
      para('Signature: {{sig}}') + para('Typed: {{typed}}') +
      '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
    const docx = makeDocx({ body, styles: WORD_DEFAULT_STYLES, headers: { rIdH: para('Header {{number}}') }, media: { rIdOld: { name: 'old.png', data: pngBytes(2, 2) } } });
    const r = await fillTemplate(docx, {
      fields: [
        { id: 'sig', type: 'signature', value: pngDataUrl(120, 40), options: { topLabel: { text: 'Signed by Quentin Blake', color: '1F3864' }, bottomLabel: { text: 'On 3 March 2025' } } },
        { id: 'typed', type: 'signature', value: 'Quentin Blake' },
      ],
      data: {
        number: 'K-7731', client: { name: 'Xylophone Works', city: 'Reykjavik' }, items: [{ title: 'Alpha' }, { title: 'Bravo' }],
        people: [{ name: 'Ingrid', photo: pngDataUrl(20, 20) }, { name: 'Jasper', photo: pngDataUrl(20, 20) }],
        grid: [['Q1', 'Q2'], ['10', '20']], agree: true, when: '2025-03-03', logo: pngDataUrl(60, 30),
      },
    }, {}, createNodeHost());
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    expect(r.value.report.missing).toEqual([]);
    expect(checkPackage(r.value.docx)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'colophon-lo-'));
    const file = join(dir, 'filled.docx');
    writeFileSync(file, r.value.docx);
    execFileSync('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${join(dir, 'profile')}`, '--convert-to', 'pdf', '--outdir', dir, file], { stdio: 'ignore', timeout: 180_000 });
    const pdf = join(dir, 'filled.pdf');
    expect(existsSync(pdf)).toBe(true);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    for (const s of ['Contract K-7731 for Xylophone Works', 'Box: Reykjavik', 'Line Alpha', 'Line Bravo', 'Ingrid', 'Jasper', 'Q1', '20', '3 March 2025', 'Signed by Quentin Blake', 'On 3 March 2025', 'Header K-7731']) {
      expect([s, text.includes(s)]).toEqual([s, true]);
    }
    if (has('pdfimages', ['-v'])) {
      const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
      // 2 row photos, the logo, the drawn and the typed signature (soft masks listed separately).
      expect(images.filter((l) => !/\bsmask\b/.test(l)).length).toBeGreaterThanOrEqual(5);
    }
  }, 200_000);
});
