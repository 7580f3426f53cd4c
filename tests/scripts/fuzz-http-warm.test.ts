/**
 * The HTTP campaign times each answer against the slow bound (scripts/fuzz/http.ts). Its app made the
 * development signing key at the first /v1/sign (1.1-1.7 s of RSA key generation in a fresh data
 * folder), which that case paid: each seed's slowest answer, a false "slow" on a loaded machine. The
 * campaign's app now makes the key before any request, as startServer warms it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { campaignApp } from '../../scripts/fuzz/http';

const dir = mkdtempSync(join(tmpdir(), 'colophon-http-warm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the HTTP campaign app', () => {
  it('has its signing key before the first request is timed', async () => {
    const { close } = await campaignApp(dir);
    try {
      expect(existsSync(join(dir, 'dev-identity'))).toBe(true);
    } finally {
      await close();
    }
  }, 60_000);
});
