/**
 * `npm start` (scripts/start.mjs → dist/server.js → dist/worker-node.js) on an empty data directory:
 * serves /v1 (and the playground when built) on localhost, and stops cleanly on SIGTERM.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers';

const root = join(import.meta.dirname, '..', '..');

describe('npm start', () => {
  it('serves /v1 with nothing configured and stops on SIGTERM', async () => {
    const dataDir = join(tempDir(), 'data');
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: '0', COLOPHON_DATA_DIR: dataDir, COLOPHON_LOG: 'off', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 600 && !/serving \/v1 on (http:\/\/\S+)/.test(stderr); i++) await new Promise((r) => setTimeout(r, 100));
      const url = /serving \/v1 on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
      expect(url, stderr).toBeDefined();
      expect(stderr).toContain(join(dataDir, 'outbox'));
      let health: { status: string } | undefined;
      for (let i = 0; i < 100 && health?.status !== 'healthy'; i++) {
        health = (await (await fetch(`${url}/v1/health`)).json()) as { status: string };
        if (health.status !== 'healthy') await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe('healthy');
      const reg = await fetch(`${url}/v1/auth/register?email=new@example.com`);
      expect(reg.status).toBe(200);
      expect(existsSync(join(dataDir, 'colophon.db'))).toBe(true);
      if (existsSync(join(root, 'dist', 'playground', 'index.html'))) {
        const page = await fetch(`${url}/`);
        expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      }
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
