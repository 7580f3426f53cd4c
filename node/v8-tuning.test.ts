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

describe('the young generation of conversion workers', () => {
  const newSpace = `let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ a: i, b: [i] }); if (keep.length > 200000) keep = []; }
    const ns = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');`;

  it('gives a worker the new space the bench\'s command-line flag gives a process (128 MB, four times V8\'s default)', async () => {
    const { YOUNG_GENERATION_FLAG, YOUNG_GENERATION_MB } = await import('./v8-tuning');
    const viaFlag = spawnSync(process.execPath, [YOUNG_GENERATION_FLAG, '-e', `${newSpace} console.log(ns.space_size)`], { encoding: 'utf8' });
    const plain = spawnSync(process.execPath, ['-e', `${newSpace} console.log(ns.space_size)`], { encoding: 'utf8' });
    const { Worker } = await import('node:worker_threads');
    const w = new Worker(`${newSpace} require('worker_threads').parentPort.postMessage(ns.space_size);`, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const inWorker = await new Promise((resolve) => w.once('message', resolve));
    await w.terminate();
    expect(Number(viaFlag.stdout)).toBe(128 * 1024 * 1024);
    expect(inWorker).toBe(Number(viaFlag.stdout));
    expect(Number(plain.stdout)).toBeLessThan(Number(viaFlag.stdout));
  }, 30_000);

  it('is what spawnNodeWorker starts workers with, unless the caller sets its own', async () => {
    const { spawnNodeWorker } = await import('../worker/node-spawn');
    const { YOUNG_GENERATION_MB } = await import('./v8-tuning');
    const w = spawnNodeWorker({ maxOldGenerationSizeMb: 256 });
    const own = spawnNodeWorker({ maxYoungGenerationSizeMb: 48 });
    try {
      expect(w.worker.resourceLimits).toMatchObject({ maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 256 });
      expect(own.worker.resourceLimits).toMatchObject({ maxYoungGenerationSizeMb: 48 });
    } finally {
      await w.worker.terminate();
      await own.worker.terminate();
    }
  }, 30_000);
});
