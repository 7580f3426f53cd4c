import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runServe, serveOverrides } from './serve';

describe('colophon serve', () => {
  it('maps options to configuration overrides and rejects bad ones', () => {
    expect(serveOverrides(['--port', '9001', '--host', '0.0.0.0', '--data-dir', 'd', '--playground', 'p'])).toEqual({
      ok: true, help: false, value: { port: 9001, host: '0.0.0.0', dataDir: resolve('d'), playgroundDir: resolve('p') },
    });
    expect(serveOverrides(['-p', '70000'])).toEqual({ ok: false, error: '--port must be an integer from 0 to 65535.' });
    expect(serveOverrides(['--workers', '0'])).toEqual({ ok: false, error: '--workers must be at least 1.' });
    expect(serveOverrides(['extra'])).toEqual({ ok: false, error: "unexpected argument 'extra'." });
  });

  it('prints help and usage errors', async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
    expect(await runServe(['--help'], io)).toBe(0);
    expect(out.join('')).toContain('Usage: colophon serve');
    expect(await runServe(['--bogus'], io)).toBe(2);
  });

  it('serves until SIGTERM, then exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'colophon-serve-'));
    const script = `import { runServe } from './cli/commands/serve.ts';
process.exitCode = await runServe(['--port', '0', '--data-dir', ${JSON.stringify(dataDir)}, '--workers', '1'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), isTTY: false });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: join(import.meta.dirname, '..', '..'), env: { ...process.env, COLOPHON_LOG: 'off' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    for (let i = 0; i < 300 && !/serving \/v1 on/.test(stderr); i++) await new Promise((r) => setTimeout(r, 100));
    const url = /serving \/v1 on (http:\/\/\S+?) /.exec(stderr)?.[1];
    expect(url, stderr).toBeDefined();
    expect((await fetch(`${url}/v1/openapi.json`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
