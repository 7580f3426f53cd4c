/**
 * Test inputs: small PDFs made with pdf-lib (tables or cross-reference streams), and tool checks.
 * pdf-lib only makes inputs here; it never writes a signed file.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options for a test PDF. */
export interface MakePdfOptions {
  readonly pages?: number;
  /** true: cross-reference stream + object streams; false: classic xref table. */
  readonly objectStreams?: boolean;
  readonly text?: string;
}

/** Makes a small PDF with text on each page, with a fixed creation date so bytes are stable. */
export async function makePdf(options: MakePdfOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  for (let i = 0; i < (options.pages ?? 1); i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${options.text ?? 'Colophon test page'} ${i + 1}`, { x: 72, y: 760, size: 14, font });
  }
  return doc.save({ useObjectStreams: options.objectStreams ?? false });
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'colophon-sign-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes bytes to a temp file and returns its path. */
export function writeTemp(dir: string, name: string, bytes: Uint8Array | string): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

/** True when an executable is on PATH. */
export function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Throws a clear error naming the apt package when a required tool is missing. */
export function requireTool(name: string, aptPackage: string): void {
  if (!hasTool(name)) throw new Error(`${name} is required by this test; install it with: apt-get install ${aptPackage}`);
}

/** Runs a command and returns its exit status and combined output. */
export function run(cmd: string, args: readonly string[], input?: Uint8Array): { status: number; out: string } {
  const r = spawnSync(cmd, args, { input, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? -1, out: Buffer.concat([r.stdout ?? Buffer.alloc(0), r.stderr ?? Buffer.alloc(0)]).toString('utf8') };
}

/** Runs a command that must succeed; returns stdout. */
export function runOk(cmd: string, args: readonly string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
