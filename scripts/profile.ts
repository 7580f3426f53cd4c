// Profiling aid: `node scripts/build.mjs --bench && node --cpu-prof dist/profile.js parse|layout|render`
// runs one stage over the dev corpus twice (warm-up, then the measured loop) so a CPU profile shows
// only that stage. Used to find hot paths before optimising (GUIDE §3.10).
import { readdirSync, readFileSync } from 'node:fs';
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
for (let round = 0; round < 2; round++) {
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
  console.log(`${stage} round ${round}: ${(cpu() - t).toFixed(0)} ms CPU`);
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
