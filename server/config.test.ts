import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { readConfig } from './config';

describe('readConfig', () => {
  it('has defaults that need nothing configured', () => {
    const { config, issues } = readConfig({});
    expect(issues).toEqual([]);
    expect(config).toMatchObject({ port: 8787, host: '127.0.0.1', dataDir: resolve('./data'), maxBodyBytes: 25 * 1024 * 1024, rateLimit: 120, rateWindowMs: 60_000, keyConcurrency: 4, jobTimeoutMs: 60_000, jobMemoryMb: 1024, log: 'json' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.operatorEmails).toEqual([]); // nobody reads usage until the operator names an address
    expect(config.workers).toBeGreaterThanOrEqual(1);
    expect(config.queueSize).toBe(config.workers * 8);
  });

  it('reads every variable and reports bad values by name without throwing', () => {
    const { config } = readConfig({ PORT: '9000', COLOPHON_DATA_DIR: '/tmp/x', SMTP_URL: 'smtp://mail:25', COLOPHON_MAX_BODY_MB: '5', COLOPHON_RATE_LIMIT: '7', COLOPHON_WORKERS: '3', COLOPHON_TRUST_PROXY: '1', COLOPHON_LOG: 'off' });
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/x', smtpUrl: 'smtp://mail:25', maxBodyBytes: 5 * 1024 * 1024, rateLimit: 7, workers: 3, queueSize: 24, trustProxy: true, log: 'off' });
    const bad = readConfig({ PORT: 'eighty', COLOPHON_WORKERS: '0', COLOPHON_LOG: 'loud' });
    expect(bad.issues.map((i) => i.variable)).toEqual(['COLOPHON_WORKERS', 'COLOPHON_LOG', 'PORT']);
    expect(bad.config.port).toBe(8787);
  });

  it('reads operator addresses normalised like registration, and names a malformed one', () => {
    const { config, issues } = readConfig({ COLOPHON_OPERATOR_EMAILS: ' Ops@Example.COM,, billing@example.com ,ops@example.com' });
    expect(issues).toEqual([]);
    expect(config.operatorEmails).toEqual(['ops@example.com', 'billing@example.com']);
    const bad = readConfig({ COLOPHON_OPERATOR_EMAILS: 'ops@example.com;billing@example.com' });
    expect(bad.issues).toEqual([{ variable: 'COLOPHON_OPERATOR_EMAILS', issue: 'must be comma-separated e-mail addresses (got "ops@example.com;billing@example.com")' }]);
    expect(bad.config.operatorEmails).toEqual([]);
  });
});
