// Profiling aid: `node scripts/build.mjs --bench && node --cpu-prof dist/profile.js parse|layout|render`
// runs one stage over the dev corpus twice (warm-up, then the measured loop) so a CPU profile shows
// only that stage. Used to find hot paths before optimising (GUIDE §3.10).
//
// PROFILE_ROUNDS=n runs n rounds (default 2). Each round prints its CPU time and its garbage
// collections (count and pause ms of scavenges and of mark-compacts). On the shared 2-core machine
// at load 15, one process's warm rounds vary 1.7-3.0 s CPU for the same layout work, so a single
// warm round compares two builds badly; the scavenge count of a round is set by what it allocates
// (the young generation is fixed by --max-semi-space-size) and does not move with the load.
import { readdirSync, readFileSync } from 'node:fs';
import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { parseDocx } from '../engine/docx';
import { initKernel, layoutDocument } from '../engine/layout';
import type { DocModel, LayoutDoc } from '../engine/model';
import { renderPdf } from '../engine/render/pdf';
import { createNodeHost } from '../node/host';
import { tuneV8ForConversion } from '../node/v8-tuning';

tuneV8ForConversion(); // as the CLI and the worker pool run
const stage = process.argv[2] ?? 'layout';
const dir = resolve(process.env.COLOPHON_SHARED ?? join(process.cwd(), '..', 'shared'), 'corpus', 'docx', 'dev');
const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 1)) });
const inputs = readdirSync(dir).filter((f) => f.endsWith('.docx')).sort().map((f) => new Uint8Array(readFileSync(join(dir, f))));
await initKernel();
const docs: DocModel[] = [];
const layouts: LayoutDoc[] = [];
for (const b of inputs) {
  const d = parseDocx(b, {}, host);
  if (!d.ok) continue;
  docs.push(d.value);
  if (stage === 'render') {
    const l = await layoutDocument(d.value, {}, host);
    if (l.ok) layouts.push(l.value);
  }
}
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
// With PROFILE_OUT=file.cpuprofile, only the second (warm) round is profiled; PROFILE_ROUND=0
// profiles the first (cold: fonts parsed, words shaped for the first time) instead.
const profileOut = process.env.PROFILE_OUT;
// With HEAP_OUT=file.heapprofile, the same round is sampled for allocations instead (open it in DevTools).
const heapOut = process.env.HEAP_OUT;
const profileRound = Number(process.env.PROFILE_ROUND ?? 1);
const rounds = Math.max(1, Number(process.env.PROFILE_ROUNDS ?? 2) || 2);
// Garbage collections of the current round: scavenges (minor) and mark-compacts (major).
const gc = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { readonly detail?: { readonly kind?: number } }).detail?.kind;
    if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) {
      gc.minor++;
      gc.minorMs += e.duration;
    } else if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.majorMs += e.duration;
    }
  }
});
gcObserver.observe({ entryTypes: ['gc'] });
/** The collections since the last call (their entries come on the event loop, so it is let run first). */
async function takeGc(): Promise<string> {
  for (let i = 0; i < 2; i++) await new Promise((done) => setImmediate(done));
  const s = `scavenges ${gc.minor} (${gc.minorMs.toFixed(0)} ms), mark-compacts ${gc.major} (${gc.majorMs.toFixed(0)} ms)`;
  gc.minor = gc.minorMs = gc.major = gc.majorMs = 0;
  return s;
}
await takeGc(); // those of loading the corpus are not a round's
for (let round = 0; round < rounds; round++) {
  let session: import('node:inspector/promises').Session | undefined;
  if ((profileOut || heapOut) && round === profileRound) {
    const { Session } = await import('node:inspector/promises');
    session = new Session();
    session.connect();
    if (heapOut) {
      // Allocation sampling, including objects the GC has already collected: where garbage comes from.
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    } else {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
  }
  const t = cpu();
  if (stage === 'parse') for (const b of inputs) parseDocx(b, {}, host);
  else if (stage === 'layout') for (const d of docs) await layoutDocument(d, {}, host);
  else for (const l of layouts) await renderPdf(l, {}, host);
  const spent = cpu() - t;
  console.log(`${stage} round ${round}: ${spent.toFixed(0)} ms CPU; ${await takeGc()}`);
  if (session && heapOut) {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(heapOut, JSON.stringify(profile));
  } else if (session && profileOut) {
    const { profile } = await session.post('Profiler.stop');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(profileOut, JSON.stringify(profile));
  }
}
gcObserver.disconnect();
