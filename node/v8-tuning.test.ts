import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('node:v8');
  vi.resetModules();
});

describe('tuneV8ForConversion', () => {
  it('uses a flag this Node\'s V8 knows (an unknown flag would only print "unrecognized flag" and tune nothing)', async () => {
    const { V8_CONVERSION_FLAGS } = await import('./v8-tuning');
    const r = spawnSync(process.execPath, ['-e', "require('v8').setFlagsFromString(process.argv[1])", '--', V8_CONVERSION_FLAGS], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const bad = spawnSync(process.execPath, ['-e', "require('v8').setFlagsFromString('--no-such-colophon-flag')"], { encoding: 'utf8' });
    expect(bad.stderr).toMatch(/unrecognized flag/);
  });

  it('sets the flags once per process, from the CLI\'s entry and before a pool worker starts', async () => {
    const setFlagsFromString = vi.fn();
    vi.doMock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString }));
    const { main } = await import('../cli/node-main');
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await main(['--version']);
    } finally {
      out.mockRestore();
    }
    const { V8_CONVERSION_FLAGS, tuneV8ForConversion } = await import('./v8-tuning');
    expect(setFlagsFromString).toHaveBeenCalledWith(V8_CONVERSION_FLAGS);
    tuneV8ForConversion();
    expect(setFlagsFromString).toHaveBeenCalledTimes(1);
  });

  it('is called by spawnNodeWorker before the worker is created', async () => {
    const setFlagsFromString = vi.fn();
    vi.doMock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString }));
    const { spawnNodeWorker } = await import('../worker/node-spawn');
    const w = spawnNodeWorker();
    try {
      expect(setFlagsFromString).toHaveBeenCalledTimes(1);
    } finally {
      await w.worker.terminate();
    }
  });
});
