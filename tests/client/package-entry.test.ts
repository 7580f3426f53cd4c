/**
 * `colophon/client` as integrators import it: in plain Node (the package's own "exports" entry, built
 * to dist/client.js by `npm run build`), with a pinned export list and the version kept in step.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as client from '../../client';
import { crc32, encodeUtf8 } from '../../engine/core';
import { makeDocx, para } from '../helpers/make-docx';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hashOf = (s: string) => `HASH-${crc32(encodeUtf8(s)).toString(16).toUpperCase().padStart(8, '0')}`;

describe('colophon/client package entry', () => {
  it('works in plain Node through the package name: documentIdentity on a DOCX and on other bytes', () => {
    expect(existsSync(`${root}/dist/client.js`), 'dist/client.js is missing: run `npm run build`').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'colophon-client-'));
    const docxPath = join(dir, 'with-identity.docx');
    writeFileSync(docxPath, makeDocx({ body: para('x'), customProps: { DocumentGuid: '{ABCDEF01-2345-4678-89AB-CDEF01234567}' }, coreProps: '<dcterms:created>2024-05-06T07:08:09Z</dcterms:created>' }));
    try {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
        import { readFileSync } from 'node:fs';
        import { documentIdentity } from 'colophon/client';
        const fixed = { now: () => new Date(Date.UTC(2026, 0, 1, 12, 30, 45)), randomUUID: () => '12345678-1234-4234-8234-123456789abc' };
        console.log(JSON.stringify([documentIdentity(new TextEncoder().encode('plain bytes'), fixed), documentIdentity(readFileSync(process.argv[1]), fixed)]));
      `, docxPath], { cwd: root, encoding: 'utf8' });
      const [plain, docx] = JSON.parse(out);
      expect(plain).toEqual({
        documentId: hashOf('plain bytes'), documentCreatedAt: '2026-01-01T12:30:00Z', guid: '12345678-1234-4234-8234-123456789abc',
        generated: true, generatedFields: { guid: true, createdAt: true },
      });
      expect(docx).toEqual({
        documentId: hashOf('ABCDEF01-2345-4678-89AB-CDEF01234567|2024-05-06T07:08:09Z'), documentCreatedAt: '2024-05-06T07:08:09Z',
        guid: 'ABCDEF01-2345-4678-89AB-CDEF01234567', generated: false, generatedFields: { guid: false, createdAt: false },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pins the exported names', () => {
    expect(Object.keys(client).sort()).toEqual([
      'COLOPHON_VERSION', 'DEFAULT_LICENSE_KEY', 'DEFAULT_TELEMETRY_BASE', 'DEFAULT_TELEMETRY_ENDPOINT', 'GUID_PROPERTY',
      'buildTelemetryBody', 'createColophon', 'createColophonClient', 'documentIdentity', 'formatCreatedAt', 'hashId',
      'readBrowserInfo', 'resolveClientOptions', 'sendOpenEvent', 'writeDocumentIdentity',
    ]);
  });

  it('reports the package version as colophonVersion', () => {
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
    expect(client.COLOPHON_VERSION).toBe(pkg.version);
    expect(pkg.exports['./client']).toMatchObject({ node: './dist/client.js', default: './client/index.ts' });
  });
});
